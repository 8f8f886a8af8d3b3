import Catalog
import ContractServing
import Foundation
import Synchronization

/// Pictures for `serve --source metron`: Metron's originals fetched once through the client
/// (budget and disk cache included), resized here to the Marvel variant asked for, the
/// results kept in memory (bounded by bytes). A character known only from a list
/// (`/metron-character-image/{id}/...`) costs its detail first: so the grid's own order of
/// picture requests is the order details are fetched, tiles on screen first.
final class MetronImages: Sendable {
    let client: MetronClient
    /// Hosts whose files we fetch: Metron's own and its image host (never an open proxy).
    let allowedHosts: Set<String>
    private let rendered = Mutex<(entries: [String: Data], order: [String], bytes: Int)>(([:], [], 0))
    private let budget = 64 << 20

    init(client: MetronClient, allowedHosts: Set<String>) {
        self.client = client
        self.allowedHosts = allowedHosts
    }

    /// A week: a picture at a path never changes (a new cover is a new path).
    static let maxAge = 604_800

    /// The answer for a served path, nil when the path is not a Metron picture path. A
    /// character Metron has no picture of, and the contract's own `image_not_available`
    /// (written for anything without a picture), are the contract's placeholder with 200.
    func image(path: String, urgency: Int = 3, renderer: any ImageRendering) async -> LiveImage? {
        let parsed = PicturePath.parse(path: path)
        let variant = parsed?.variant ?? .fullSize
        let ext = parsed?.fileExtension ?? "jpg"
        let placeholder = PicturePath(token: PicturePath.placeholderToken, variant: variant, fileExtension: ext)
        if parsed?.token == PicturePath.placeholderToken {
            return .placeholder(placeholder)
        }
        let original: URL
        do {
            if path.hasPrefix(MetronImagePath.characterPrefix) {
                let rest = path.dropFirst(MetronImagePath.characterPrefix.count)
                guard let id = Int(rest.split(separator: "/").first ?? ""), id > 0 else { return nil }
                let character = try await client.detail(MetronCharacter.self, "character", id: id, background: true, urgency: urgency)
                // Not an http(s) address (a number, a relative path): Metron has no usable picture
                // of it, which is the placeholder, not a "does not exist" for a character that does.
                guard let image = character.image, let url = URL(string: image), url.host != nil,
                      ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return .placeholder(placeholder) }
                original = url
            } else {
                guard let url = MetronImagePath.original(of: path, variantNames: PicturePath.variantNames) else { return nil }
                original = url
            }
            let hostPort = original.port.map { "\(original.host ?? ""):\($0)" } ?? (original.host ?? "")
            guard allowedHosts.contains(hostPort) else { return nil }
            let key = "\(original.absoluteString)|\(variant.rawValue)|\(ext)"
            if let hit = rendered.withLock({ $0.entries[key] }) { return .picture(LivePicture(bytes: hit, maxAge: Self.maxAge)) }
            let bytes = try await client.file(original)
            let stored = StoredImage(bytes: bytes, fileExtension: original.pathExtension.lowercased(), hash: original.absoluteString)
            let output = variant == .fullSize ? bytes : ((try? renderer.render(stored, variant: variant, fileExtension: ext)) ?? bytes)
            keep(key, output)
            return .picture(LivePicture(bytes: output, maxAge: Self.maxAge))
        } catch {
            if case .notFound = error as? MetronError { return .notFound(error.description) }
            if let metron = error as? MetronError, let seconds = client.retryAfter(for: metron) {
                return .mustWait(retryAfter: seconds, metron.description)
            }
            return .failed(503, (error as? MetronError)?.description ?? "Metron's picture could not be fetched")
        }
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
