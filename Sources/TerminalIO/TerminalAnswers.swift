import Foundation
import TerminalUI

/// What the terminal said to the start-up questions (`TerminalProbe.questions`), parsed from
/// the raw reply bytes. Pure, so it is table-tested on recorded replies.
public struct TerminalAnswers: Sendable, Hashable {
    /// `ESC _ G i=31 ; OK ESC \`: the kitty graphics protocol is there.
    public var kittyGraphics = false
    /// DA1 (`CSI ? … c`) attributes; nil when DA1 was not answered (a silent terminal).
    public var deviceAttributes: [Int]?
    /// XTVERSION (`DCS > | text ST`), e.g. "kitty(0.39.1)", "XTerm(390)".
    public var version: String?
    /// XTGETTCAP answered `RGB` or `Tc` as present.
    public var rgbCapability = false
    /// DECRQSS SGR echoed the direct colour that was set (`48:2::1:2:3` or `48;2;1;2;3`).
    public var directColorRoundTrip = false
    /// `CSI 6 ; height ; width t`: one cell in pixels (clamped to `TerminalLimits`), and as said.
    public var cellPixels: Size?
    public var reportedCellPixels: Size?
    /// The file probe (`ESC _ G i=32 ; … ESC \`): true for OK (the terminal read this
    /// machine's temporary file), false for an error, nil when it did not answer.
    public var kittyFileRead: Bool?
    /// The terminal's error for the file probe (e.g. `EBADF:Failed to open file…`).
    public var kittyFileError: String?
    /// The terminal deleted the probe's file (set by `CapabilityDetection`, not parsed).
    public var kittyFileDeleted = false
    /// OSC 11 / OSC 10 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`): the default background and
    /// foreground; nil unless both were answered.
    public var defaultColors: TerminalColors?

    public init() {}

    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

    /// Parses everything that arrived; unknown or half replies are ignored.
    public static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        var a = TerminalAnswers()
        let s = String(decoding: bytes, as: UTF8.self)
        if let r = s.range(of: "\u{1B}_Gi=31;") {
            a.kittyGraphics = s[r.upperBound...].hasPrefix("OK")
        }
        if let body = firstMatch(in: s, prefix: "\u{1B}_Gi=\(TerminalProbe.fileProbeID);", terminator: "\u{1B}") {
            a.kittyFileRead = body == "OK"
            if body != "OK" { a.kittyFileError = Sanitizer.clean(String(body.prefix(120))) }
        }
        if let da = lastMatch(in: s, prefix: "\u{1B}[?", terminator: "c") {
            let numbers = da.split(separator: ";").compactMap { Int($0) }
            if !numbers.isEmpty { a.deviceAttributes = numbers }
        }
        if let v = firstMatch(in: s, prefix: "\u{1B}P>|", terminator: "\u{1B}\\") {
            a.version = Sanitizer.clean(String(v.prefix(80)))
        }
        // XTGETTCAP: DCS 1 + r <hex name>[=<hex value>] ST for each capability that exists.
        var rest = Substring(s)
        while let r = rest.range(of: "\u{1B}P1+r") {
            let tail = rest[r.upperBound...]
            let name = tail.prefix { $0.isHexDigit }.uppercased()
            if name == "524742" || name == "5463" { a.rgbCapability = true }  // "RGB", "Tc"
            rest = tail
        }
        if let sgr = firstMatch(in: s, prefix: "\u{1B}P1$r", terminator: "m") {
            let normalized = sgr.replacingOccurrences(of: ":", with: ";").replacingOccurrences(of: ";;", with: ";")
            a.directColorRoundTrip = normalized.contains("48;2;1;2;3")
        }
        if let bg = oscColor(in: s, number: 11), let fg = oscColor(in: s, number: 10) {
            a.defaultColors = TerminalColors(background: bg, foreground: fg)
        }
        if let cell = firstMatch(in: s, prefix: "\u{1B}[6;", terminator: "t") {
            let parts = cell.split(separator: ";").compactMap { Int($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0 {
                a.reportedCellPixels = Size(width: parts[1], height: parts[0])
                a.cellPixels = TerminalLimits.clamped(cellPixels: Size(width: parts[1], height: parts[0]))
            }
        }
        return a
    }

    /// The first `ESC ] n ;` string's colour (`DefaultColorReply`), ended by ST or BEL.
    static func oscColor(in s: String, number: Int) -> RGB? {
        guard let r = s.range(of: "\u{1B}]\(number);") else { return nil }
        let body = s[r.lowerBound...].dropFirst(2).prefix { $0 != "\u{1B}" && $0 != "\u{07}" }
        return DefaultColorReply.parse(body).map(\.color)
    }

    static func firstMatch(in s: String, prefix: String, terminator: String) -> Substring? {
        guard let r = s.range(of: prefix), let end = s[r.upperBound...].range(of: terminator) else { return nil }
        let body = s[r.upperBound..<end.lowerBound]
        return body.utf8.count <= TerminalLimits.maxReplyBytes ? body : nil
    }

    static func lastMatch(in s: String, prefix: String, terminator: String) -> Substring? {
        guard let r = s.range(of: prefix, options: .backwards),
              let end = s[r.upperBound...].range(of: terminator) else { return nil }
        let body = s[r.upperBound..<end.lowerBound]
        // DA1 bodies are digits and semicolons only (this also skips `CSI ? 2026 ; 2 $ y`), and
        // short: a longer one is dropped (`TerminalLimits.maxReplyBytes`).
        guard body.utf8.count <= TerminalLimits.maxReplyBytes else { return nil }
        return body.allSatisfy { $0.isNumber || $0 == ";" } ? body : nil
    }
}
