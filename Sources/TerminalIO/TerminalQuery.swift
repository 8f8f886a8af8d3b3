import CTerminal
import Foundation
import TerminalUI

/// Questions to the terminal, each followed by a Primary Device Attributes request (`CSI c`),
/// which every terminal answers: its reply ends the wait early, so an unanswered question costs
/// nothing, and whatever arrived is flushed so replies never leak into the shell, unless it is
/// kept for the key reader (`keeping`: the gallery, which stays in raw mode and reads on).
/// Needs raw mode (no echo, no canonical input).
public enum TerminalQuery {
    /// Raw reply bytes to `question` + DA1, read until the DA1 reply or the timeout.
    /// `replies`: how many DA1 replies end the wait (two when `question` carries its own DA1
    /// for the terminal outside tmux, `TerminalProbe.questions`).
    public static func ask(_ tty: TTY, _ question: String, timeoutMilliseconds: Int,
                           keeping typeAhead: TypeAhead? = nil, replies: Int = 1) -> [UInt8] {
        guard (try? tty.write(Array((question + "\u{1B}[c").utf8))) != nil else { return [] }
        return awaitDA1(tty, timeoutMilliseconds: timeoutMilliseconds, keeping: typeAhead, replies: replies)
    }

    /// Raw reply bytes read, without asking anything, until a DA1 reply or the timeout: the
    /// rest of a slow terminal's answers to questions already asked (asking again would only
    /// add one more late reply). With `typeAhead`, what was read (keys typed meanwhile with the
    /// answers) is kept there in order and nothing is flushed; else the rest is flushed.
    public static func awaitDA1(_ tty: TTY, timeoutMilliseconds: Int, keeping typeAhead: TypeAhead? = nil,
                                replies: Int = 1) -> [UInt8] {
        var reply: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 512)
        var counted = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { break }
            var pfd = pollfd(fd: tty.inputFD, events: Int16(POLLIN), revents: 0)
            let n = poll(&pfd, 1, Int32((deadline - now) / 1_000_000) + 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            let got = read(tty.inputFD, &buf, buf.count)
            if got <= 0 { break }
            let scanned = reply.count
            reply.append(contentsOf: buf[0..<got])
            // Only replies ending in the new bytes: else a 1 MB reply in 512-byte reads is
            // scanned from its start at each read.
            counted += da1ReplyCount(reply, endingFrom: scanned)
            if counted >= replies { break }
        }
        if let typeAhead { typeAhead.append(reply) } else { mg_term_flush_input(tty.inputFD) }
        return reply
    }

    /// `CSI ? digits;… c` present, whole: a `c` typed after another reply (`CSI ? 2026;2 $ y`)
    /// is a key, not the end of the answers.
    static func containsDA1Reply(_ b: [UInt8]) -> Bool { da1ReplyCount(b) > 0 }

    /// How many whole DA1 replies `b` holds that end at `from` or later; one longer than
    /// `TerminalLimits.maxReplyBytes` is not one (dropped), so only that much before `from` is read.
    static func da1ReplyCount(_ b: [UInt8], endingFrom from: Int = 0) -> Int {
        let longest = TerminalLimits.maxReplyBytes
        var i = max(0, from - longest - 3), count = 0
        while i + 2 < b.count {
            if b[i] == 0x1B, b[i + 1] == 0x5B, b[i + 2] == 0x3F {
                var j = i + 3
                while j < b.count, j - i <= longest, (0x30...0x39).contains(b[j]) || b[j] == 0x3B { j += 1 }
                if j < b.count, j - i <= longest, b[j] == 0x63 {
                    if j >= from { count += 1 }
                    i = j
                }
            }
            i += 1
        }
        return count
    }

    /// DECRQM for mode 2026: true/false when answered, nil when the terminal did not say.
    public static func synchronizedOutput(_ tty: TTY, timeoutMilliseconds: Int, keeping typeAhead: TypeAhead? = nil) -> Bool? {
        parseModeReport(ask(tty, "\u{1B}[?2026$p", timeoutMilliseconds: timeoutMilliseconds, keeping: typeAhead), mode: 2026)
    }

    /// `CSI ? mode ; value $ y`: 1/2 set/reset (supported), 0/4 unknown/permanently off.
    public static func parseModeReport(_ bytes: [UInt8], mode: Int) -> Bool? {
        let s = String(decoding: bytes, as: UTF8.self)
        guard let r = s.range(of: "\u{1B}[?\(mode);") else { return nil }
        let rest = s[r.upperBound...]
        guard let end = rest.range(of: "$y") else { return nil }
        guard let v = Int(rest[..<end.lowerBound]) else { return nil }
        return v == 1 || v == 2
    }

    /// Window size in pixels from `CSI 14 t` (`CSI 4 ; height ; width t`), when answered.
    public static func pixelSize(_ tty: TTY, timeoutMilliseconds: Int) -> Size? {
        parsePixelReport(ask(tty, "\u{1B}[14t", timeoutMilliseconds: timeoutMilliseconds))
    }

    public static func parsePixelReport(_ bytes: [UInt8]) -> Size? {
        let s = String(decoding: bytes, as: UTF8.self)
        guard let r = s.range(of: "\u{1B}[4;") else { return nil }
        let rest = s[r.upperBound...]
        guard let end = rest.firstIndex(of: "t") else { return nil }
        let parts = rest[..<end].split(separator: ";").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return Size(width: parts[1], height: parts[0])
    }
}
