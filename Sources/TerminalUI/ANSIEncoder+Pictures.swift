/// What the runner asks of the picture layer (`pictures`) between frames: where pictures go as
/// files, the pictures sent ahead a chunk at a time between keys, and the terminal's answers.
/// Without a picture layer there is nothing to send and nothing to forget.
extension ANSIEncoder {
    /// Set by the runner from the backend: while set, kitty pictures go as temporary files.
    public var kittyFiles: (any KittyPictureFiles)? {
        get { pictures?.files }
        set { pictures?.files = newValue }
    }

    /// Pictures sent ahead wait to be written.
    public var hasAhead: Bool { pictures?.hasAhead ?? false }

    /// The next chunk of the pictures sent ahead (nil: none left).
    public mutating func nextAheadPiece() -> ArraySlice<UInt8>? { pictures?.nextAheadPiece() ?? nil }

    /// The rest of the picture in progress (empty if none), so that the terminal finishes it
    /// before leaving, stopping or anything else it would take as more of it.
    public mutating func finishAheadLoad() -> ArraySlice<UInt8> { pictures?.finishAheadLoad() ?? [] }

    /// The terminal dropped everything it stored (suspend, leave): send pictures again.
    public mutating func forgetStoredImages() { pictures?.forgetStoredImages() }

    /// The terminal answered `reply` to a picture: true when the caller must repaint all (so
    /// that a picture it could not read is placed again); false for anything else.
    public mutating func kittyTransmitFailed(_ reply: KittyGraphicsReply) -> Bool {
        pictures?.transmitFailed(reply) ?? false
    }
}
