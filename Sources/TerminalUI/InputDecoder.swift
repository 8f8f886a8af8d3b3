/// Turns terminal input bytes into events. Pure: feed it bytes as they arrive (in any split),
/// and call `flush()` when no byte arrived for `escapeTimeout` while `hasPending` is true —
/// that is the only way a lone Esc becomes an Escape key, so Alt+x and arrow keys split across
/// reads still decode correctly.
public struct InputDecoder: Sendable {
    /// The silence after which a pending lone Esc (or a cut-off sequence) is taken literally.
    public static let escapeTimeoutMilliseconds = 50
    /// A paste larger than this is cut (protects memory from a runaway stream).
    public static let maxPasteBytes = 1 << 20

    private var pending: [UInt8] = []

    public init() {}

    /// Bytes are waiting for more input or for `flush()`.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes everything complete in `pending + bytes`; incomplete tails stay pending.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var i = 0
        while i < pending.count {
            switch InputDecoder.decodeOne(pending, at: i, final: false) {
            case .event(let e, let next): if let e { events.append(e) }; i = next
            case .needMore: pending.removeFirst(i); return events
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// Input went quiet: decode what is pending literally (a lone Esc becomes Escape, a cut-off
    /// sequence becomes Alt+key or is dropped).
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        var i = 0
        while i < pending.count {
            switch InputDecoder.decodeOne(pending, at: i, final: true) {
            case .event(let e, let next): if let e { events.append(e) }; i = next
            case .needMore: i = pending.count  // cannot happen when final
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// Decodes a complete byte string in one go (feed + flush), for tests and tools.
    public static func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var d = InputDecoder()
        return d.feed(bytes) + d.flush()
    }

    enum Step { case event(InputEvent?, next: Int), needMore }

    static func decodeOne(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        let c = b[i]
        switch c {
        case 0x1B: return decodeEscape(b, at: i, final: final)
        case 0x0D, 0x0A: return .event(.key(KeyEvent(.enter)), next: i + 1)
        case 0x09: return .event(.key(KeyEvent(.tab)), next: i + 1)
        case 0x7F, 0x08: return .event(.key(KeyEvent(.backspace)), next: i + 1)
        case 0x00: return .event(.key(.ctrl(" ")), next: i + 1)
        case 0x01...0x1A: return .event(.key(.ctrl(Character(Unicode.Scalar(c + 0x60)))), next: i + 1)
        case 0x1C...0x1F: return .event(.key(.ctrl(Character(Unicode.Scalar(c + 0x40)))), next: i + 1)
        case 0x20...0x7E: return .event(.key(.char(Character(Unicode.Scalar(c)))), next: i + 1)
        default: return decodeUTF8(b, at: i, final: final)
        }
    }

    static func decodeUTF8(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        let c = b[i]
        let len: Int
        switch c {
        case 0xC2...0xDF: len = 2
        case 0xE0...0xEF: len = 3
        case 0xF0...0xF4: len = 4
        default: return .event(nil, next: i + 1)  // stray continuation or invalid lead byte
        }
        if i + len > b.count {
            // All bytes so far must be continuations to be worth waiting for.
            if final || b[(i + 1)...].contains(where: { $0 & 0xC0 != 0x80 }) { return .event(nil, next: i + 1) }
            return .needMore
        }
        guard let s = String(validating: b[i..<(i + len)], as: UTF8.self), let ch = s.first else {
            return .event(nil, next: i + 1)
        }
        return .event(.key(.char(ch)), next: i + len)
    }

    static func decodeEscape(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        guard i + 1 < b.count else {
            return final ? .event(.key(KeyEvent(.escape)), next: i + 1) : .needMore
        }
        let n = b[i + 1]
        switch n {
        case 0x5B: // CSI
            return decodeCSI(b, at: i, final: final)
        case 0x4F: // SS3
            guard i + 2 < b.count else {
                return final ? .event(.key(.char("O", .alt)), next: i + 2) : .needMore
            }
            let key: KeyEvent?
            switch b[i + 2] {
            case 0x41: key = KeyEvent(.up)
            case 0x42: key = KeyEvent(.down)
            case 0x43: key = KeyEvent(.right)
            case 0x44: key = KeyEvent(.left)
            case 0x48: key = KeyEvent(.home)
            case 0x46: key = KeyEvent(.end)
            case 0x50...0x53: key = KeyEvent(.function(Int(b[i + 2]) - 0x4F))
            case 0x4D: key = KeyEvent(.enter)
            default: key = nil
            }
            return .event(key.map(InputEvent.key), next: i + 3)
        case 0x1B:
            // Esc Esc: the first is a lone Escape (the second starts something new).
            return .event(.key(KeyEvent(.escape)), next: i + 1)
        case 0x50, 0x58, 0x5D, 0x5E, 0x5F:
            return decodeControlString(b, at: i, final: final)
        default:
            // Alt + the key the next bytes encode.
            switch decodeOne(b, at: i + 1, final: final) {
            case .needMore: return .needMore
            case .event(.key(var k)?, let next):
                k.modifiers.insert(.alt)
                return .event(.key(k), next: next)
            case .event(_, let next): return .event(nil, next: next)
            }
        }
    }

    /// Longest control string we wait for before taking its start as a key.
    static let maxControlStringLength = 4096

    /// DCS (Esc P), SOS (Esc X), OSC (Esc ]), PM (Esc ^) and APC (Esc _) strings, up to ST
    /// (Esc \) or, for OSC, BEL: terminal replies, never keys. A reply that comes after the
    /// start-up detection gave up on it (a loaded machine answers late) used to be read as
    /// typing: kitty's `Esc _Gi=31;OK Esc \` became Alt+_ then "G", "i", … and jumped the
    /// grid into the index. A lone introducer (nothing after it when input goes quiet) is
    /// the Alt+key it also is.
    static func decodeControlString(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        let introducer = b[i + 1]
        var j = i + 2
        while j < b.count {
            if b[j] == 0x07, introducer == 0x5D { return .event(nil, next: j + 1) }
            if b[j] == 0x1B {
                guard j + 1 < b.count else { break }
                // ST ends the string; any other Esc means the string was cut off: drop what
                // came before it and decode from the Esc.
                return .event(nil, next: b[j + 1] == 0x5C ? j + 2 : j)
            }
            j += 1
        }
        if j == i + 2, final { return .event(.key(.char(Character(Unicode.Scalar(introducer)), .alt)), next: i + 2) }
        // Cut off (a trailing Esc included: it is half of ST, not the Escape key).
        if final || b.count - i > maxControlStringLength { return .event(nil, next: b.count) }
        return .needMore
    }
}
