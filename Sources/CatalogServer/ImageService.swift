import CacheKit
import Catalog
import ContractServing
import Digests
import Foundation
import ImageCore
import MarvelAPI
import Synchronization

/// Serves `{path}/{variant}.{ext}` and `{path}.{ext}`: finds the original by the path's last
/// component, renders the variant once and keeps the result (bounded by bytes).
final class ImageService: Sendable {
    typealias Request = PicturePath

    struct Rendered: Sendable { let bytes: Data; let contentType: String; let etag: String }

    let catalog: any CatalogReading
    let renderer: any ImageRendering
    private let cache: Mutex<LRUCache<String, Rendered>>

    init(catalog: any CatalogReading, renderer: any ImageRendering, budgetBytes: Int = 64 << 20) {
        self.catalog = catalog
        self.renderer = renderer
        self.cache = Mutex(LRUCache(costLimit: budgetBytes))
    }

    /// `.../535fecbbb9784/portrait_xlarge.jpg` or `.../535fecbbb9784.jpg`; nil if not an image path.
    static func parse(path: String) -> Request? { PicturePath.parse(path: path) }

    /// The type of the bytes actually sent (sniffed), else of the extension.
    static func contentType(of bytes: Data, _ ext: String) -> String {
        switch ImageFormat.sniff(bytes) {
        case .some(.jpeg): return "image/jpeg"
        case .some(.png): return "image/png"
        case .some(.gif): return "image/gif"
        default: return contentType(ext)
        }
    }

    static func contentType(_ ext: String) -> String {
        switch ext {
        case "png": return "image/png"
        case "gif": return "image/gif"
        default: return "image/jpeg"
        }
    }

    /// The rendered variant, or nil when the catalog holds no original for the token.
    func image(_ request: Request) throws -> Rendered? {
        let key = "\(request.token)/\(request.variant.rawValue).\(request.fileExtension)"
        if let hit = cache.withLock({ $0.value(for: key) }) { return hit }
        // A picture the catalog does not hold is not drawn: a made-up picture answered with 200
        // cannot be told from a real one (the caller answers 404, or the contract's placeholder).
        guard let original = try catalog.image(token: request.token) else { return nil }
        let rendered: Rendered
        if request.variant == .fullSize {
            // Full size is the original, byte for byte (whatever its real format).
            rendered = Rendered(bytes: original.bytes, contentType: Self.contentType(original.fileExtension),
                                etag: original.hash)
        } else {
            do {
                let bytes = try renderer.render(original, variant: request.variant, fileExtension: request.fileExtension)
                rendered = Rendered(bytes: bytes, contentType: Self.contentType(of: bytes, request.fileExtension),
                                    etag: Digest.sha1Hex(bytes))
            } catch {
                // An original we cannot decode (the corrupt and oversized fixtures) is passed on
                // as is, so clients exercise their own error paths on it.
                rendered = Rendered(bytes: original.bytes, contentType: Self.contentType(original.fileExtension),
                                    etag: original.hash)
            }
        }
        store(key, rendered)
        return rendered
    }

    private func store(_ key: String, _ rendered: Rendered) {
        cache.withLock { c in
            guard !c.contains(key) else { return }
            c.insert(rendered, for: key, cost: rendered.bytes.count)
        }
    }
}
