/// DCS (Esc P), SOS (Esc X), OSC (Esc ]), PM (Esc ^) and APC (Esc _) strings, up to ST
/// (Esc \) or, for OSC, BEL: terminal replies, never keys. A reply that comes after the
/// start-up detection gave up on it (a loaded machine answers late) must not be read as typing:
/// kitty's `Esc _Gi=31;OK Esc \` would become Alt+_ then "G", "i", … and jump the grid into
/// the index. So a string is dropped however it is split across reads and however long it is.
extension InputDecoder {
    /// A string being read across reads: only where it is (after an Esc, half of ST) is kept,
    /// never its bytes, so its length costs nothing.
    struct OpenString: Sendable {
        var introducer: UInt8
        /// The last byte was Esc: `\` ends the string, anything else cuts it off.
        var afterEscape = false
        /// Only for a string that began right after a flushed lone Esc: its bytes so far, given
        /// back as keys if it never ends with ST (nil once longer than `maxHeldBytes`: no one
        /// types that much in a second, so it is a reply).
        var held: [UInt8]?
        /// An APC or OSC string's first bytes (up to `maxReplyBytes`): a kitty graphics reply
        /// or a default colour is read, not dropped (`InputEvent.graphicsReply`,
        /// `.defaultColorReply`).
        var kept: [UInt8]? = nil
    }

    static let maxReplyBytes = 512

    /// A complete APC string's body (after `ESC _`): a kitty graphics reply when it is one.
    static func graphicsReply(_ body: [UInt8]) -> InputEvent? {
        guard body.first == UInt8(ascii: "G"), let reply = KittyGraphicsReply.parse(Array(body.dropFirst())) else { return nil }
        return .graphicsReply(reply)
    }

    /// A complete string's body as the reply it is (APC: a kitty graphics reply; OSC: a default
    /// colour), or nil: every other string is dropped.
    static func reply(introducer: UInt8, body: [UInt8]) -> InputEvent? {
        switch introducer {
        case 0x5F: return graphicsReply(body)
        case 0x5D: return DefaultColorReply.parse(String(decoding: body, as: UTF8.self)).map { .defaultColorReply($0) }
        default: return nil
        }
    }

    /// Strings whose bytes are kept for `reply` (APC and OSC).
    static func keepsBody(_ introducer: UInt8) -> Bool { introducer == 0x5F || introducer == 0x5D }

    static let maxHeldBytes = 4096

    static func isIntroducer(_ byte: UInt8) -> Bool {
        byte == 0x50 || byte == 0x58 || byte == 0x5D || byte == 0x5E || byte == 0x5F
    }

    /// Reads `bytes[from...]` as the inside of the open string. Returns nil when all of it
    /// was the string (still open), else what follows its end (an Esc that cut it off is
    /// given back at the front). Held bytes of a cut-off string become events.
    mutating func continueString(_ bytes: [UInt8], from start: Int, events: inout [InputEvent]) -> [UInt8]? {
        guard var open = string else { return Array(bytes[start...]) }
        var k = start
        while k < bytes.count {
            let c = bytes[k]
            if open.afterEscape {
                string = nil
                if c == 0x5C {
                    if let body = open.kept ?? open.held, let reply = Self.reply(introducer: open.introducer, body: body) {
                        events.append(reply)
                    }
                    return Array(bytes[(k + 1)...])
                }
                // Cut off: the Esc starts something new.
                if let held = open.held { events += InputDecoder.decode([open.introducer] + held) }
                return [0x1B] + bytes[k...]
            }
            if c == 0x07, open.introducer == 0x5D {
                string = nil
                if let body = open.kept ?? open.held, let reply = Self.reply(introducer: 0x5D, body: body) { events.append(reply) }
                return Array(bytes[(k + 1)...])
            }
            if c == 0x1B {
                open.afterEscape = true
            } else if open.held != nil {
                open.held!.append(c)
                if open.held!.count > Self.maxHeldBytes { open.held = nil }
            } else if open.kept != nil, open.kept!.count < Self.maxReplyBytes {
                open.kept!.append(c)
            }
            k += 1
        }
        string = open
        return nil
    }

    /// A complete string is dropped; an unfinished one waits (`feed` then reads it on as an
    /// `OpenString`). A lone introducer when input went quiet is the Alt+key it also is.
    static func decodeControlString(_ b: [UInt8], at i: Int, final: Bool) -> Step {
        let introducer = b[i + 1]
        var j = i + 2
        while j < b.count {
            if b[j] == 0x07, introducer == 0x5D { return .event(reply(introducer: introducer, body: Array(b[(i + 2)..<j])), next: j + 1) }
            if b[j] == 0x1B {
                guard j + 1 < b.count else { break }
                // ST ends the string; any other Esc means the string was cut off: drop what
                // came before it and decode from the Esc.
                guard b[j + 1] == 0x5C else { return .event(nil, next: j) }
                return .event(reply(introducer: introducer, body: Array(b[(i + 2)..<j])), next: j + 2)
            }
            j += 1
        }
        if j == i + 2, final { return .event(.key(.char(Character(Unicode.Scalar(introducer)), .alt)), next: i + 2) }
        // Cut off (a trailing Esc included: it is half of ST, not the Escape key).
        if final { return .event(nil, next: b.count) }
        return .needMore
    }
}
