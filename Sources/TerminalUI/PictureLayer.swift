/// Writes the pixel pictures of the frames an `ANSIEncoder` encodes (`Buffer.images`: kitty,
/// sixel or iTerm2 placements), around the frame's cells, so one synchronized write holds both.
/// The pure core knows a picture only as a placement; the bytes of the protocols, and what the
/// terminal stores of them, belong to the layer above it that conforms (PictureProtocols'
/// `PixelPictureLayer`), handed to the encoder by its user. Without one the cells alone are
/// written.
public protocol PictureLayer: Sendable {
    /// True when pictures that leave with this frame can only be wiped by clearing the screen
    /// (then the frame is repainted whole).
    /// `picturesAreCells`: the terminal keeps sixel/iTerm2 pictures as cells that text replaces
    /// (`ANSIEncoder.picturesAreCells`).
    func needsClear(for diff: BufferDiff, picturesAreCells: Bool) -> Bool
    /// True when `buffer` keeps a picture under its text: its cells are written on the
    /// terminal's default background (`Style.onCanvas`) over a canvas of their colours.
    func needsCanvas(_ buffer: Buffer) -> Bool
    /// The erase that clears the screen for a full repaint.
    mutating func clearScreen(_ frame: inout PictureFrame, into out: inout [UInt8])
    /// Before the cells: pictures that leave are taken off the screen.
    mutating func removePictures(_ frame: inout PictureFrame, into out: inout [UInt8])
    /// Right after the terminal scrolled a band of rows (`BufferDiff.scroll`).
    mutating func scrolledPictures(_ frame: inout PictureFrame, into out: inout [UInt8])
    /// After the cells: pictures that are new, moved or drawn over are written.
    mutating func drawPictures(_ frame: inout PictureFrame, into out: inout [UInt8])
    /// The frame written in `out` from `start` on is complete: bytes that must come before it
    /// (the rest of a picture being sent ahead) are put in front of it.
    mutating func frameEncoded(from start: Int, in out: inout [UInt8])

    /// Set by the runner from the backend: where pictures go as temporary files (nil: streamed).
    var files: (any KittyPictureFiles)? { get set }
    /// Pictures sent ahead wait to be written.
    var hasAhead: Bool { get }
    /// The next chunk of the pictures sent ahead (nil: none left).
    mutating func nextAheadPiece() -> ArraySlice<UInt8>?
    /// The rest of the picture in progress (empty if none).
    mutating func finishAheadLoad() -> ArraySlice<UInt8>
    /// The terminal dropped everything it stored (suspend, leave): send pictures again.
    mutating func forgetStoredImages()
    /// The terminal answered `reply` to a picture; true when the caller must repaint all.
    mutating func transmitFailed(_ reply: KittyGraphicsReply) -> Bool
}

/// What the encoder lends a `PictureLayer` while it writes one frame: the diff, the colour
/// depth and default colours, and the terminal's cursor as the encoder knows it (a picture
/// layer moves it to place pictures; nil: unknown, the next move is absolute). Only the encoder
/// makes one, so its initializer is the internal memberwise one.
public struct PictureFrame: Sendable {
    public let diff: BufferDiff
    public let depth: ColorDepth
    public let defaultColors: TerminalColors
    /// The frame's cells go on the canvas (`PictureLayer.needsCanvas`).
    public let onCanvas: Bool
    /// Pictures sent ahead are kept out of the frame for the runner to write between keys
    /// (`ANSIEncoder.sendsAheadInPieces`).
    public let sendsAheadInPieces: Bool
    public var cursor: Point?

    /// Moves the cursor to `p` the way the encoder does between cells.
    public mutating func moveCursor(to p: Point, _ out: inout [UInt8]) {
        ANSI.moveCursor(&cursor, to: p, &out)
    }
}
