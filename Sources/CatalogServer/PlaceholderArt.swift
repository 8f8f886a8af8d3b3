import Catalog
import ContractServing
import Digests
import Foundation
import Synchronization

/// The contract's "no picture" (`image_not_available`, MARVEL_API.md 6) at each variant, drawn
/// once per variant and format: what a source answers, with 200, for an entity it has no
/// picture of, so clients show their placeholder instead of an error.
final class PlaceholderArt: Sendable {
    private let drawn = Mutex<[String: LivePicture]>([:])

    func picture(_ request: PicturePath, renderer: any ImageRendering) -> LivePicture {
        let key = "\(request.variant.rawValue).\(request.fileExtension)"
        if let hit = drawn.withLock({ $0[key] }) { return hit }
        let original = SyntheticArt.draw(token: PicturePath.placeholderToken) ?? Data()
        let stored = StoredImage(bytes: original, fileExtension: "jpg", hash: Digest.sha1Hex(original))
        let bytes = request.variant == .fullSize ? original
            : ((try? renderer.render(stored, variant: request.variant, fileExtension: request.fileExtension)) ?? original)
        let picture = LivePicture(bytes: bytes, etag: Digest.sha1Hex(bytes))
        drawn.withLock { $0[key] = picture }
        return picture
    }
}
