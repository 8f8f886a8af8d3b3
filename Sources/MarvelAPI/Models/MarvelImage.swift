import Foundation
import MarvelContract

/// An image reference: `{path}/{variant}.{extension}`, or `{path}.{extension}` for full size.
public struct MarvelImage: Codable, Sendable, Hashable {
    /// Base path without extension, upgraded to https on Marvel's hosts.
    public var path: String
    /// File extension: `jpg`, `png` or `gif` (Marvel serves gif thumbnails too).
    public var fileExtension: String

    public init(path: String, fileExtension: String) {
        self.path = path
        self.fileExtension = fileExtension
    }

    enum CodingKeys: String, CodingKey { case path, fileExtension = "extension" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.link(.path) ?? ""
        fileExtension = try c.string(.fileExtension, default: "jpg")
    }

    /// The URL of one variant; nil when the path does not make a URL.
    public func url(_ variant: ImageVariant = .fullSize) -> URL? {
        guard !path.isEmpty else { return nil }
        if let name = variant.pathComponent {
            return URL(string: "\(path)/\(name).\(fileExtension)")
        }
        return URL(string: "\(path).\(fileExtension)")
    }

    /// Marvel's two "no image" placeholders: `…/b/40/image_not_available.jpg` and
    /// `…/f/60/4c002e0305708.gif`. Show a local glyph instead of downloading them.
    public var isPlaceholder: Bool { Self.isNotAvailable(path: path, fileExtension: fileExtension) }

    /// The one rule for Marvel's "image not available" pictures, on a thumbnail's parts.
    public static func isNotAvailable(path: String, fileExtension: String) -> Bool {
        if path.hasSuffix("/" + ContractValues.imageNotAvailableToken) { return true }
        return path.hasSuffix("/f/60/4c002e0305708") && fileExtension.lowercased() == "gif"
    }

    /// The same rule on a whole picture URL, with or without a variant
    /// (`…/image_not_available/portrait_xlarge.jpg`, `…/f/60/4c002e0305708.gif`).
    public static func isNotAvailable(url: String) -> Bool {
        guard let dot = url.lastIndex(of: "."), let slash = url.lastIndex(of: "/"), dot > slash else { return false }
        var path = String(url[..<dot])
        let last = path[path.index(after: slash)...]
        if ImageVariant(rawValue: String(last)) != nil, last != "" { path = String(url[..<slash]) }
        return isNotAvailable(path: path, fileExtension: String(url[url.index(after: dot)...]))
    }
}

/// Every size Marvel documents (developer.marvel.com/documentation/images), plus `detail`
/// (≤ 500 px wide) and full size (no variant in the URL).
public enum ImageVariant: String, CaseIterable, Sendable, Codable {
    case portraitSmall = "portrait_small", portraitMedium = "portrait_medium"
    case portraitXlarge = "portrait_xlarge", portraitFantastic = "portrait_fantastic"
    case portraitUncanny = "portrait_uncanny", portraitIncredible = "portrait_incredible"
    case standardSmall = "standard_small", standardMedium = "standard_medium"
    case standardLarge = "standard_large", standardXlarge = "standard_xlarge"
    case standardFantastic = "standard_fantastic", standardAmazing = "standard_amazing"
    case landscapeSmall = "landscape_small", landscapeMedium = "landscape_medium"
    case landscapeLarge = "landscape_large", landscapeXlarge = "landscape_xlarge"
    case landscapeAmazing = "landscape_amazing", landscapeIncredible = "landscape_incredible"
    case detail
    case fullSize = ""

    public enum Shape: Sendable { case portrait, standard, landscape, original }

    /// The path segment before the extension; nil for full size.
    public var pathComponent: String? { self == .fullSize ? nil : rawValue }

    public var shape: Shape {
        switch self {
        case .portraitSmall, .portraitMedium, .portraitXlarge, .portraitFantastic,
             .portraitUncanny, .portraitIncredible: .portrait
        case .standardSmall, .standardMedium, .standardLarge, .standardXlarge,
             .standardFantastic, .standardAmazing: .standard
        case .landscapeSmall, .landscapeMedium, .landscapeLarge, .landscapeXlarge,
             .landscapeAmazing, .landscapeIncredible: .landscape
        case .detail, .fullSize: .original
        }
    }

    /// Pixel size (width, height); nil for `detail` and full size, whose size depends on the image.
    /// `standard_small` is 65x45 as the contract's table documents it (MARVEL_API.md 6), though
    /// the rest of its family is square: a server must answer the documented size.
    /// Note `uncanny` (300x450) is larger than `incredible` (216x324).
    public var size: (width: Int, height: Int)? {
        switch self {
        case .portraitSmall: (50, 75)
        case .portraitMedium: (100, 150)
        case .portraitXlarge: (150, 225)
        case .portraitFantastic: (168, 252)
        case .portraitUncanny: (300, 450)
        case .portraitIncredible: (216, 324)
        case .standardSmall: (65, 45)
        case .standardMedium: (100, 100)
        case .standardLarge: (140, 140)
        case .standardXlarge: (200, 200)
        case .standardFantastic: (250, 250)
        case .standardAmazing: (180, 180)
        case .landscapeSmall: (120, 90)
        case .landscapeMedium: (175, 130)
        case .landscapeLarge: (190, 140)
        case .landscapeXlarge: (270, 200)
        case .landscapeAmazing: (250, 156)
        case .landscapeIncredible: (464, 261)
        case .detail, .fullSize: nil
        }
    }

    /// The smallest variant of a shape at least `width` x `height` pixels (Marvel's advice:
    /// use the smallest that fits); `.detail` when none of that shape is big enough.
    public static func smallest(_ shape: Shape, atLeast width: Int, _ height: Int) -> ImageVariant {
        allCases
            .filter { $0.shape == shape }
            .compactMap { v in v.size.map { (v, $0) } }
            .filter { $0.1.width >= width && $0.1.height >= height }
            .min { $0.1.width * $0.1.height < $1.1.width * $1.1.height }?.0 ?? .detail
    }
}
