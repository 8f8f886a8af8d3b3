import Catalog
import Foundation
import MarvelAPI
import MarvelContract

/// Turns an original into the bytes of one Marvel variant (`portrait_xlarge`, `detail`, ...).
public protocol ImageRendering: Sendable {
    func render(_ original: StoredImage, variant: ImageVariant, fileExtension: String) throws -> Data
}

/// A picture path as the contract builds it: `{path}/{variant}.{ext}` or `{path}.{ext}`.
public struct PicturePath: Sendable, Equatable {
    /// The path's last component before the variant (`535fecbbb9784`, `image_not_available`).
    public let token: String
    public let variant: ImageVariant
    public let fileExtension: String

    public init(token: String, variant: ImageVariant, fileExtension: String) {
        self.token = token; self.variant = variant; self.fileExtension = fileExtension
    }

    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "gif"]
    /// The contract's own "no picture" token (MARVEL_API.md 6).
    public static let placeholderToken = ContractValues.imageNotAvailableToken

    /// `.../535fecbbb9784/portrait_xlarge.jpg` or `.../535fecbbb9784.jpg`; nil if not an image path.
    public static func parse(path: String) -> PicturePath? {
        let components = path.split(separator: "/")
        guard let last = components.last, let dot = last.lastIndex(of: ".") else { return nil }
        let name = String(last[..<dot]), ext = String(last[last.index(after: dot)...]).lowercased()
        guard extensions.contains(ext), !name.isEmpty else { return nil }
        if let variant = ImageVariant(rawValue: name), variant != .fullSize, components.count >= 2 {
            return PicturePath(token: String(components[components.count - 2]), variant: variant, fileExtension: ext)
        }
        return PicturePath(token: name, variant: .fullSize, fileExtension: ext)
    }

    /// The variant names a picture path may end with.
    public static let variantNames = Set(ImageVariant.allCases.compactMap(\.pathComponent))
}

/// A picture's bytes as sent, and what the server's headers say of them.
public struct LivePicture: Sendable {
    public var bytes: Data
    /// nil: sniffed from the bytes (else from the extension asked for).
    public var contentType: String?
    /// nil: the SHA-1 of the bytes.
    public var etag: String?
    /// nil: the server's policy for pictures.
    public var maxAge: Int?

    public init(bytes: Data, contentType: String? = nil, etag: String? = nil, maxAge: Int? = nil) {
        self.bytes = bytes; self.contentType = contentType; self.etag = etag; self.maxAge = maxAge
    }
}

/// What a source answers for a picture path.
public enum LiveImage: Sendable {
    /// The bytes to send, already at the variant asked for.
    case picture(LivePicture)
    /// The source knows the entity but has no picture of it: the contract's placeholder
    /// (`image_not_available`) at the variant asked for, with 200, as the catalog answers.
    case placeholder(PicturePath)
    /// No such picture (404), with a text that names what was missing.
    case notFound(String)
    /// The source could not give it (a status such as 500 or 503, and the reason; never a secret).
    case failed(Int, String)
    /// Not now: the source's budget is spent; 429 with `Retry-After` (seconds) and the reason.
    case mustWait(retryAfter: Int, String)
}
