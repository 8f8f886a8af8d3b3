/// What a key does on the grid. One table maps keys to actions and is also what the help
/// overlay lists, so the help can never disagree with the behaviour.
public enum GridAction: Equatable, Hashable, Sendable {
    case moveUp, moveDown, moveLeft, moveRight
    case pageUp, pageDown
    case first, last
    case open
    case search
    case index
    case retry
    case help
    case back
    case quit
    /// Comics gallery: the next (`f`) or previous (`F`) format filter.
    case format(forward: Bool)
}

public enum Keymap {
    /// One line of the help: the keys as shown, what they do.
    public struct Entry: Equatable, Sendable {
        public let keys: String
        public let text: StringKey
    }

    /// The action for a key on the grid, if any.
    public static func gridAction(for key: KeyInput) -> GridAction? {
        switch key {
        case .up, .char("k"): return .moveUp
        case .down, .char("j"): return .moveDown
        case .left, .char("h"): return .moveLeft
        case .right, .char("l"): return .moveRight
        case .pageUp, .ctrl("b"): return .pageUp
        case .pageDown, .char(" "), .ctrl("f"): return .pageDown
        case .home, .char("g"): return .first
        case .end, .char("G"): return .last
        case .enter: return .open
        case .char("/"): return .search
        case .char("i"): return .index
        case .char("r"): return .retry
        case .char("?"): return .help
        case .escape: return .back
        case .char("q"), .ctrl("c"): return .quit
        case .char("f"): return .format(forward: true)
        case .char("F"): return .format(forward: false)
        default: return nil
        }
    }

    /// Every key of the app, for the help overlay (grid keys, then the search and index keys).
    public static let helpEntries: [Entry] = [
        Entry(keys: "←↓↑→  h j k l", text: .helpMove),
        Entry(keys: "PgUp PgDn Space", text: .helpPage),
        Entry(keys: "Home End  g G", text: .helpEnds),
        Entry(keys: "Enter", text: .helpOpen),
        Entry(keys: "mouse", text: .helpMouse),
        Entry(keys: "/", text: .helpSearch),
        Entry(keys: "", text: .helpSearchKeys),
        Entry(keys: "i", text: .helpIndex),
        Entry(keys: "", text: .helpIndexKeys),
        Entry(keys: "f F", text: .helpFormat),
        Entry(keys: "r", text: .helpRetry),
        Entry(keys: "?", text: .helpHelp),
        Entry(keys: "Esc", text: .helpBack),
        Entry(keys: "q  Ctrl-C", text: .helpQuit),
    ]
}
