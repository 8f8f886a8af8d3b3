/// Modifier keys held with a key or mouse event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let alt = Modifiers(rawValue: 2)
    public static let ctrl = Modifiers(rawValue: 4)

    /// From the xterm modifier parameter (`CSI 1;5A` → 5 → ctrl).
    init(xtermParameter p: Int) {
        let bits = max(0, p - 1)
        var m: Modifiers = []
        if bits & 1 != 0 { m.insert(.shift) }
        if bits & 2 != 0 { m.insert(.alt) }
        if bits & 4 != 0 { m.insert(.ctrl) }
        self = m
    }
}

/// A key, independent of how the terminal encoded it.
public enum KeyCode: Hashable, Sendable {
    case char(Character)
    case enter, tab, backspace, escape
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case function(Int)
}

public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    public var code: KeyCode
    public var modifiers: Modifiers
    public init(_ code: KeyCode, _ modifiers: Modifiers = []) { self.code = code; self.modifiers = modifiers }
    public static func char(_ c: Character, _ m: Modifiers = []) -> KeyEvent { KeyEvent(.char(c), m) }
    public static func ctrl(_ c: Character) -> KeyEvent { KeyEvent(.char(c), .ctrl) }
    public var description: String {
        var s = ""
        if modifiers.contains(.ctrl) { s += "Ctrl-" }
        if modifiers.contains(.alt) { s += "Alt-" }
        if modifiers.contains(.shift) { s += "Shift-" }
        switch code {
        case .char(let c): s += String(c)
        case .function(let n): s += "F\(n)"
        default: s += "\(code)"
        }
        return s
    }
}

public enum MouseButton: Hashable, Sendable { case left, middle, right, wheelUp, wheelDown, none }

public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, drag, wheel }
    public var kind: Kind
    public var button: MouseButton
    /// 0-based cell position.
    public var position: Point
    public var modifiers: Modifiers
    public init(kind: Kind, button: MouseButton, position: Point, modifiers: Modifiers = []) {
        self.kind = kind; self.button = button; self.position = position; self.modifiers = modifiers
    }
}

/// One decoded piece of terminal input.
public enum InputEvent: Hashable, Sendable {
    case key(KeyEvent)
    case mouse(MouseEvent)
    /// A bracketed paste, delivered whole (not yet sanitised).
    case paste(String)
    /// The terminal's reply to a kitty graphics command (never typed; the runner reads it).
    case graphicsReply(KittyGraphicsReply)
    /// The terminal's default foreground or background (OSC 10 / 11), answered after the
    /// start-up budget (never typed; the runner reads it for the kitty canvas).
    case defaultColorReply(DefaultColorReply)
}

extension KeyEvent {
    // The plain keys by name, so key tables and `switch key` read `.up`, `.char("q")`, `.ctrl("c")`.
    public static let up = KeyEvent(.up), down = KeyEvent(.down), left = KeyEvent(.left), right = KeyEvent(.right)
    public static let pageUp = KeyEvent(.pageUp), pageDown = KeyEvent(.pageDown)
    public static let home = KeyEvent(.home), end = KeyEvent(.end)
    public static let enter = KeyEvent(.enter), escape = KeyEvent(.escape)
    public static let backspace = KeyEvent(.backspace), tab = KeyEvent(.tab)
    /// A plain character key. (One parameter, so `case .char("q"):` also works as a pattern.)
    public static func char(_ c: Character) -> KeyEvent { KeyEvent(.char(c)) }

    /// The character typed: a `.char` key without Ctrl or Alt (nil for anything else).
    public var typed: Character? {
        guard case .char(let c) = code, modifiers.isDisjoint(with: [.ctrl, .alt]) else { return nil }
        return c
    }
}

extension MouseEvent {
    /// A left-button press, a wheel step up or down, at a cell.
    public static func press(x: Int, y: Int) -> MouseEvent {
        MouseEvent(kind: .press, button: .left, position: Point(x: x, y: y))
    }
    public static func wheelUp(x: Int, y: Int) -> MouseEvent {
        MouseEvent(kind: .wheel, button: .wheelUp, position: Point(x: x, y: y))
    }
    public static func wheelDown(x: Int, y: Int) -> MouseEvent {
        MouseEvent(kind: .wheel, button: .wheelDown, position: Point(x: x, y: y))
    }
}
