/// kitty pictures sent as files instead of streamed: when the terminal runs on this machine it
/// reads a temporary file whose path is the whole payload (`t=t`, about 100 bytes a picture
/// where the streamed PNG is tens of kilobytes) and deletes it once read (kitty deletes only
/// paths in a temporary directory that contain "tty-graphics-protocol").
///
/// The pure core writes no file: the backend hands the encoder a `KittyPictureFiles` (the
/// real one is TerminalIO's `KittyTempFiles`). Anything that goes wrong falls back to
/// streaming, never to a blank tile: a write that fails (a full disk) streams that picture,
/// and an error reply from the terminal (it could not read the file: it is elsewhere after
/// all, or the file vanished) streams that picture again and every later one
/// (`ANSIEncoder.kittyTransmitFailed`).
public protocol KittyPictureFiles: Sendable {
    /// Writes `bytes` to a new temporary file for picture `id`; its path, or nil when it could
    /// not be written (nothing is left behind then).
    func write(_ bytes: [UInt8], id: UInt32) -> String?
    /// Removes a file the terminal did not read (it answered an error for it).
    func discard(_ path: String)
    /// The terminal's late answers still decide whether pictures go as files: until then the
    /// runner draws kitty pictures as their half-block cells (none streamed, none lost), and
    /// repaints them once decided (`TerminalEvent.resumed`).
    var deciding: Bool { get }
    /// The pictures whose files the terminal is not reading (one has waited past its time):
    /// their files are gone, files are off for the rest of the run, and the encoder streams
    /// these pictures again (each id is given once). Empty while the terminal keeps up.
    func takeUnread() -> [UInt32]
}

extension KittyPictureFiles {
    public var deciding: Bool { false }
    public func takeUnread() -> [UInt32] { [] }
}

/// A reply to a kitty graphics command (`ESC _ G i=<id>[,…] ; <message> ESC \`): "OK", or
/// an error such as `EBADF:Failed to open file…`. Only errors come for the program's own
/// commands (they ask `q=1`); the start-up probes' replies may also come late.
public struct KittyGraphicsReply: Hashable, Sendable {
    public var id: UInt32
    public var message: String
    public init(id: UInt32, message: String) { self.id = id; self.message = message }

    public var isOK: Bool { message == "OK" }

    /// Parses the body of the APC string after its `G` (e.g. `i=5;OK`); nil without an id.
    public static func parse(_ body: [UInt8]) -> KittyGraphicsReply? {
        let text = String(decoding: body.prefix(512), as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        for pair in parts[0].split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2, kv[0] == "i", let id = UInt32(kv[1]), id > 0 {
                return KittyGraphicsReply(id: id, message: String(parts[1]))
            }
        }
        return nil
    }
}
