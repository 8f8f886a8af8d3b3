import Catalog
import ContractServing
import Foundation
import LiveSourceKit

/// Pictures for `serve --source metron`: Metron's originals fetched once through the client
/// (budget and disk cache included), resized by the kit's `PictureProxy`. A character known only from a list
/// (`/metron-character-image/{id}/...`) costs its detail first: so the grid's own order of
/// picture requests is the order details are fetched, tiles on screen first.
final class MetronImages: Sendable {
    let client: MetronClient
    /// Fetches only from Metron's own host and its image host.
    let proxy: PictureProxy

    init(client: MetronClient, allowedHosts: Set<String>) {
        self.client = client
        self.proxy = PictureProxy(allowedHosts: allowedHosts)
    }

    /// The answer for a served path, nil when the path is not a Metron picture path. A
    /// character Metron has no picture of, and the contract's own `image_not_available`
    /// (written for anything without a picture), are the contract's placeholder with 200.
    func image(path: String, urgency: Int = 3, renderer: any ImageRendering) async -> LiveImage? {
        let (variant, ext, placeholder, isPlaceholder) = PictureProxy.asked(path)
        if isPlaceholder { return .placeholder(placeholder) }
        let original: URL
        do {
            if path.hasPrefix(MetronImagePath.characterPrefix) {
                let rest = path.dropFirst(MetronImagePath.characterPrefix.count)
                guard let id = Int(rest.split(separator: "/").first ?? ""), id > 0 else { return nil }
                let character = try await client.detail(MetronCharacter.self, "character", id: id, background: true, urgency: urgency)
                // Not an http(s) address (a number, a relative path): Metron has no usable picture
                // of it, which is the placeholder, not a "does not exist" for a character that does.
                guard let image = character.pictureAndPage.image, let url = URL(string: image), url.host != nil,
                      ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return .placeholder(placeholder) }
                original = url
            } else {
                guard let url = MetronImagePath.original(of: path, variantNames: PicturePath.variantNames) else { return nil }
                original = url
            }
            let picture = try await proxy.picture(original, variant: variant, fileExtension: ext, renderer: renderer) { url throws(MetronError) in
                try await client.file(url)
            }
            return picture.map { .picture($0) }
        } catch {
            if let metron = error as? MetronError, case .notFound = metron { return .notFound(metron.description) }
            if let metron = error as? MetronError, let seconds = client.retryAfter(for: metron) {
                return .mustWait(retryAfter: seconds, metron.description)
            }
            return .failed(503, (error as? MetronError)?.description ?? "Metron's picture could not be fetched")
        }
    }
}
