import CacheKit
import Catalog
import ContractServing
import Foundation
import MarvelAPI
import Synchronization

/// A source's pictures as the contract serves them: an original fetched once (by the source, with
/// its own cache and budget), resized here to the Marvel variant asked for, the results kept in
/// memory (bounded by bytes). Only the hosts the source names are fetched from (never an open proxy).
public final class PictureProxy: Sendable {
    /// Hosts (`host` or `host:port`) whose files are fetched.
    public let allowedHosts: Set<String>
    private let rendered = Mutex(LRUCache<String, Data>(costLimit: 64 << 20))

    /// A week: a picture at a path never changes (a new cover is a new path).
    public static let maxAge = 604_800

    public init(allowedHosts: Set<String>) { self.allowedHosts = allowedHosts }

    /// `host` or `host:port` of a URL, as `allowedHosts` holds them.
    public static func hostPort(_ url: URL) -> String {
        url.port.map { "\(url.host ?? ""):\($0)" } ?? (url.host ?? "")
    }

    /// The variant and extension a served path asks for, and the placeholder in the same
    /// variant; `isPlaceholder`: the path is the contract's own `image_not_available`.
    public static func asked(_ path: String) -> (variant: ImageVariant, fileExtension: String, placeholder: PicturePath, isPlaceholder: Bool) {
        let parsed = PicturePath.parse(path: path)
        let variant = parsed?.variant ?? .fullSize
        let ext = parsed?.fileExtension ?? "jpg"
        return (variant, ext, PicturePath(token: PicturePath.placeholderToken, variant: variant, fileExtension: ext),
                parsed?.token == PicturePath.placeholderToken)
    }

    /// `original` at `variant`: from memory, else `fetch`ed and rendered; nil when its host is
    /// not one of `allowedHosts`. A picture that cannot be rendered is sent as fetched.
    public func picture(_ original: URL, variant: ImageVariant, fileExtension ext: String, renderer: any ImageRendering,
                        fetch: (URL) async throws -> Data) async rethrows -> LivePicture? {
        guard allowedHosts.contains(Self.hostPort(original)) else { return nil }
        let key = "\(original.absoluteString)|\(variant.rawValue)|\(ext)"
        if let hit = rendered.withLock({ $0.value(for: key) }) { return LivePicture(bytes: hit, maxAge: Self.maxAge) }
        let bytes = try await fetch(original)
        let stored = StoredImage(bytes: bytes, fileExtension: original.pathExtension.lowercased(), hash: original.absoluteString)
        let output = variant == .fullSize ? bytes : ((try? renderer.render(stored, variant: variant, fileExtension: ext)) ?? bytes)
        keep(key, output)
        return LivePicture(bytes: output, maxAge: Self.maxAge)
    }

    private func keep(_ key: String, _ bytes: Data) {
        rendered.withLock { cache in
            guard !cache.contains(key) else { return }
            cache.insert(bytes, for: key, cost: bytes.count)
        }
    }
}
