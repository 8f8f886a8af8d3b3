/// Cuts a piece out of a sixel or iTerm2 picture: those protocols cannot draw text above a
/// picture nor crop one, so when an overlay (help, index, a modal) covers part of a picture,
/// the part it leaves uncovered is shown by pictures of its own, cut from the same pixels
/// (`Buffer.settleImages`), instead of the whole picture giving way to its half-blocks; so is
/// the part a scrolled viewport leaves in view (the detail page's picture, `ImagePlacement.crop`).
/// ImageCore decodes and encodes (`TerminalImages.Cutter`); this layer only asks.
public protocol PictureCutter: Sendable {
    /// The part of `image` in `cells` (cells from the picture's top-left corner) as a picture
    /// of its own, `cells.width` x `cells.height` cells; nil when it cannot be cut (then the
    /// whole picture is drawn as its half-blocks, as before).
    func piece(of image: TerminalImage, cells: Rect) -> TerminalImage?
}
