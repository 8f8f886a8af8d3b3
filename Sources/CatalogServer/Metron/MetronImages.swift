import Catalog
import Digests
import Foundation
import MarvelAPI
import HTTPTypes
import Hummingbird
import MetronSource
import Synchronization

/// Pictures for `serve --source metron`: Metron's originals fetched once through the client
/// (budget and disk cache included), resized here to the Marvel variant asked for, the
/// results kept in memory (bounded by bytes). A character known only from a list
/// (`/metron-character-image/{id}/...`) costs its detail first: so the grid's own order of
/// picture requests is the order details are fetched, tiles on screen first.
final class MetronImages: Sendable {
    let client: MetronClient
    let renderer: any ImageRendering
    /// Hosts whose files we fetch: Metron's own and its image host (never an open proxy).
    let allowedHosts: Set<String>
    private let rendered = Mutex<(entries: [String: Data], order: [String], bytes: Int)>(([:], [], 0))
    private let budget = 64 << 20

    init(client: MetronClient, renderer: any ImageRendering, allowedHosts: Set<String>) {
        self.client = client
        self.renderer = renderer
        self.allowedHosts = allowedHosts
    }

    static let variantNames = Set(ImageVariant.allCases.compactMap(\.pathComponent))

    /// The bytes for a served path, nil when the path is not a Metron picture path.
    func image(path: String, urgency: Int = 3) async throws(MetronError) -> (Data, String)? {
        let parsed = ImageService.parse(path: path)
        let variant = parsed?.variant ?? .fullSize
        let ext = parsed?.fileExtension ?? "jpg"
        let original: URL
        if path.hasPrefix(MetronImagePath.characterPrefix) {
            let rest = path.dropFirst(MetronImagePath.characterPrefix.count)
            guard let id = Int(rest.split(separator: "/").first ?? "") else { return nil }
            let character = try await client.detail(MetronCharacter.self, "character", id: id, background: true, urgency: urgency)
            guard let image = character.image, let url = URL(string: image) else { throw .notFound(path: "a picture of character \(id)") }
            original = url
        } else {
            guard let url = MetronImagePath.original(of: path, variantNames: Self.variantNames) else { return nil }
            original = url
        }
        let hostPort = original.port.map { "\(original.host ?? ""):\($0)" } ?? (original.host ?? "")
        guard allowedHosts.contains(hostPort) else { return nil }
        let key = "\(original.absoluteString)|\(variant.rawValue)|\(ext)"
        if let hit = rendered.withLock({ $0.entries[key] }) { return (hit, ImageService.contentType(of: hit, ext)) }
        let bytes = try await client.file(original)
        let stored = StoredImage(bytes: bytes, fileExtension: original.pathExtension.lowercased(), hash: Digest.sha1Hex(original.absoluteString))
        let output = variant == .fullSize ? bytes : ((try? renderer.render(stored, variant: variant, fileExtension: ext)) ?? bytes)
        keep(key, output)
        return (output, ImageService.contentType(of: output, ext))
    }

    private func keep(_ key: String, _ bytes: Data) {
        rendered.withLock { cache in
            guard cache.entries[key] == nil else { return }
            cache.entries[key] = bytes
            cache.order.append(key)
            cache.bytes += bytes.count
            while cache.bytes > budget, !cache.order.isEmpty {
                cache.bytes -= cache.entries.removeValue(forKey: cache.order.removeFirst())?.count ?? 0
            }
        }
    }
}

extension MarvelResponder {
    /// A Metron picture at a Marvel variant size, or nil when the path is not one.
    func metronImage(_ images: MetronImages, path: String, request: Request) async -> Reply? {
        let found: (Data, String)?
        do { found = try await images.image(path: path, urgency: Self.urgency(request.headers[Self.priority])) } catch {
            let retryAfter = images.client.retryAfter(for: error)
            let status = if case .notFound = error { 404 } else if retryAfter != nil { 429 } else { 503 }
            let headers = [("Content-Type", "text/plain")] + (retryAfter.map { [("Retry-After", String($0))] } ?? [])
            return Reply(status: status, headers: headers, body: Array("\(error.description)\n".utf8), isImage: true)
        }
        guard let (bytes, type) = found else { return nil }
        let etag = Digest.sha1Hex(bytes)
        if Self.matches(request.headers[.ifNoneMatch], etag) { return Reply(status: 304, headers: [("ETag", etag)], isImage: true) }
        return Reply(status: 200, headers: [("Content-Type", type), ("ETag", etag), ("Cache-Control", "max-age=604800")],
                     body: [UInt8](bytes), isImage: true)
    }

    static let priority = HTTPField.Name("Priority")!

    /// RFC 9218's urgency (`u=0`...`u=7`, default 3) of a picture request: the gallery asks for
    /// tiles on screen with a lower number than prefetched ones.
    static func urgency(_ header: String?) -> Int {
        guard let header else { return 3 }
        for item in header.split(separator: ",") {
            let part = item.trimmingCharacters(in: .whitespaces)
            if part.hasPrefix("u="), let u = Int(part.dropFirst(2)), (0...7).contains(u) { return u }
        }
        return 3
    }
}
