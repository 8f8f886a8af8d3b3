/// Turns terminal input bytes into events. Pure: feed it bytes as they arrive (in any split),
/// and call `flush()` when no byte arrived for `timeoutMilliseconds` — that is the only way a
/// lone Esc becomes an Escape key, so Alt+x and arrow keys split across reads still decode
/// correctly.
///
/// Terminal replies (DCS, SOS, OSC, PM and APC strings) are never typed, however they are
/// split and however long they are (`InputDecoder+Strings.swift`). The rule for the Esc key:
/// - Esc alone is Escape after 50 ms of quiet (`escapeTimeoutMilliseconds`); for the first
///   5 s after a start-up probe that went unanswered (late replies may still come), 400 ms
///   (`patientEscapeMilliseconds`, set by the reader through `loneEscapeMilliseconds`).
/// - Esc then `P`, `X`, `]`, `^` or `_` (a string introducer) with nothing after it waits
///   `stringTimeoutMilliseconds` for more before it is Alt+that key; once a byte follows, it
///   is a string, read to its end (ST or, for OSC, BEL) and dropped, with no length limit.
/// - An open string is given up after `stringTimeoutMilliseconds` of quiet, and is cut by
///   any Esc that is not the start of ST (the Esc is then decoded afresh).
/// - A reply split right after its Esc cannot be told from the Esc key at the time: outside
///   that patient window the Escape is delivered after 50 ms, and an introducer that follows within
///   `stringTimeoutMilliseconds` starts a string whose bytes are held back; a string that
///   ends with ST is dropped, anything else is given back as the keys it was.
public struct InputDecoder: Sendable {
    /// The silence after which a pending lone Esc (or a cut-off sequence) is taken literally.
    public static let escapeTimeoutMilliseconds = 50
    /// How long an open terminal reply (or an Esc+introducer) waits for its next byte: far
    /// more than a reply split by a busy machine, tmux or ssh takes (the 50 ms Esc timeout would
    /// read a 300 ms split as typing), and short enough that Alt+] or Alt+_ still works.
    public static let stringTimeoutMilliseconds = 1000
    /// The lone-Esc wait while late terminal replies may still arrive (`loneEscapeMilliseconds`):
    /// longer than a 300 ms split, short enough to still feel like a key.
    public static let patientEscapeMilliseconds = 400
    /// A paste larger than this is cut (protects memory from a runaway stream).
    public static let maxPasteBytes = 1 << 20

    var pending: [UInt8] = []
    /// Inside a control string whose end has not come yet (its bytes are not kept).
    var string: OpenString?
    /// The bytes of a bracketed paste whose end has not come yet. Each read is searched for
    /// the end once (else a 1 MB paste in 4 KB reads is searched from its start at every read).
    var paste: [UInt8]?
    /// A lone Esc was just delivered as Escape on a timeout: an introducer next may be the
    /// rest of a split reply.
    var escapeJustFlushed = false

    /// How long a pending Esc (or a cut-off sequence) waits: `escapeTimeoutMilliseconds`, or
    /// `patientEscapeMilliseconds` while the reader expects late replies.
    public var loneEscapeMilliseconds = InputDecoder.escapeTimeoutMilliseconds

    public init() {}

    /// Bytes are waiting for more input or for `flush()`.
    public var hasPending: Bool { !pending.isEmpty || string != nil || paste != nil }

    /// How long the reader waits for input before calling `flush()` (nil: no need to).
    public var timeoutMilliseconds: Int? {
        if string != nil || paste != nil || escapeJustFlushed { return Self.stringTimeoutMilliseconds }
        if pending.count == 2, pending[0] == 0x1B, Self.isIntroducer(pending[1]) { return Self.stringTimeoutMilliseconds }
        return pending.isEmpty ? nil : loneEscapeMilliseconds
    }

    /// Decodes everything complete in `pending + bytes`; incomplete tails stay pending.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        var input = Array(bytes)
        var events: [InputEvent] = []
        if escapeJustFlushed, !input.isEmpty {
            escapeJustFlushed = false
            if Self.isIntroducer(input[0]), pending.isEmpty, string == nil {
                string = OpenString(introducer: input[0], held: [])
                input.removeFirst()
            }
        }
        if string != nil {
            guard let rest = continueString(input, from: 0, events: &events) else { return events }
            input = rest
        }
        if paste != nil {
            guard let rest = continuePaste(input, events: &events) else { return events }
            input = rest
        }
        pending.append(contentsOf: input)
        var i = 0
        while i < pending.count {
            switch InputDecoder.decodeOne(pending, at: i, final: false) {
            case .event(let e, let next): if let e { events.append(e) }; i = next
            case .needMore:
                if pending[i...].starts(with: Self.pasteStart) {
                    // A paste not ended in this read: its bytes so far, searched for the end already.
                    paste = Array(pending[(i + Self.pasteStart.count)...])
                    pending.removeAll(keepingCapacity: true)
                    return events
                }
                guard pending.count - i > 2, pending[i] == 0x1B, Self.isIntroducer(pending[i + 1]) else {
                    pending.removeFirst(i); return events
                }
                // An open string: read on without keeping its bytes.
                string = OpenString(introducer: pending[i + 1], kept: Self.keepsBody(pending[i + 1]) ? [] : nil)
                let tail = pending
                pending.removeAll(keepingCapacity: true)
                guard let rest = continueString(tail, from: i + 2, events: &events) else { return events }
                pending = rest
                i = 0
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// Input went quiet: decode what is pending literally (a lone Esc becomes Escape, a cut-off
    /// sequence becomes Alt+key or is dropped, an open string is given up).
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        escapeJustFlushed = false
        if let open = paste {
            // The end never came: what arrived is the paste.
            paste = nil
            events.append(.paste(String(decoding: open, as: UTF8.self)))
        }
        if let open = string {
            string = nil
            // Held bytes (after a flushed Esc) were keys after all.
            if let held = open.held {
                events += InputDecoder.decode([open.introducer] + held + (open.afterEscape ? [0x1B] : []))
            }
        }
        var i = 0
        while i < pending.count {
            switch InputDecoder.decodeOne(pending, at: i, final: true) {
            case .event(let e, let next):
                if let e { events.append(e) }
                if next == pending.count, i == pending.count - 1, pending[i] == 0x1B { escapeJustFlushed = true }
                i = next
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
}
