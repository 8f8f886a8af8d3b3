/// A terminal's answer to OSC 10 or OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by ST or
/// BEL): its default foreground or background. One parser for the start-up answers
/// (`TerminalAnswers`) and for an answer that comes after them (`InputEvent.defaultColorReply`:
/// a loaded kitty answered after the start-up budget, and the canvas kept kitty's defaults).
public struct DefaultColorReply: Hashable, Sendable {
    public enum Slot: Hashable, Sendable {
        case foreground  // OSC 10
        case background  // OSC 11
    }

    public var slot: Slot
    public var color: RGB

    public init(slot: Slot, color: RGB) {
        self.slot = slot
        self.color = color
    }

    /// The string's body (after `ESC ]`, before its terminator): `10;` or `11;`, then `rgb:`
    /// and three components of 1–4 hex digits, each scaled to 8 bits. Anything else is nil.
    public static func parse<S: StringProtocol>(_ body: S) -> DefaultColorReply? {
        let slot: Slot
        if body.hasPrefix("10;rgb:") { slot = .foreground } else if body.hasPrefix("11;rgb:") { slot = .background } else { return nil }
        let parts = body.dropFirst(7).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var c: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), let v = UInt32(part, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
            c.append(UInt8((v * 255 + maximum / 2) / maximum))
        }
        return DefaultColorReply(slot: slot, color: RGB(c[0], c[1], c[2]))
    }
}

extension TerminalColors {
    /// These colours with `reply`'s slot set to its colour.
    public func with(_ reply: DefaultColorReply) -> TerminalColors {
        var c = self
        switch reply.slot {
        case .foreground: c.foreground = reply.color
        case .background: c.background = reply.color
        }
        return c
    }
}
