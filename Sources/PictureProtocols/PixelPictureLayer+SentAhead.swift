import TerminalUI

/// The pictures sent ahead (`SentAhead`), for the runner: one chunk at a time between keys,
/// and the rest of the one in progress before anything that must not come inside it.
extension PixelPictureLayer {
    /// Pictures sent ahead wait to be written.
    public var hasAhead: Bool { !ahead.isEmpty }

    /// The next chunk of the pictures sent ahead (nil: none left).
    public mutating func nextAheadPiece() -> ArraySlice<UInt8>? { ahead.nextPiece() }

    /// The rest of the picture in progress (empty if none), so that the terminal finishes it
    /// before leaving, stopping or anything else it would take as more of it.
    public mutating func finishAheadLoad() -> ArraySlice<UInt8> { ahead.finishLoad() }

    /// A picture is in progress and the frame just encoded from `start` must not come inside
    /// it (`SentAhead.frame(_:fitsInsideLoadOf:)`): the rest of that picture goes first.
    public mutating func frameEncoded(from start: Int, in out: inout [UInt8]) {
        guard let loading = ahead.loading, out.count > start,
              !SentAhead.frame(out[start...], fitsInsideLoadOf: loading) else { return }
        out.insert(contentsOf: ahead.finishLoad(), at: start)
    }
}
