import GalleryApp
import TerminalUI

/// The gallery program with a benchmark's eyes on it: `updated` runs after every update with
/// the new model, `viewing` before every `view`. Everything else is `GalleryProgram`'s own.
struct WatchedGallery: Program {
    let inner = GalleryProgram()
    let updated: @Sendable (AppState) -> Void
    var viewing: @Sendable () -> Void = {}

    func message(for event: TerminalEvent) -> GalleryApp.Msg? { inner.message(for: event) }
    func update(_ model: inout AppState, _ msg: GalleryApp.Msg) -> [GalleryApp.Effect] {
        let effects = inner.update(&model, msg)
        updated(model)
        return effects
    }
    func view(_ model: AppState, into buffer: inout Buffer) {
        viewing()
        inner.view(model, into: &buffer)
    }
    func isFinished(_ model: AppState) -> Bool { inner.isFinished(model) }
}
