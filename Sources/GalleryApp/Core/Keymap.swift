import TerminalUI

/// What a key does on the grid. One table per screen (the grids here, the detail page in
/// `DetailKeymap.swift`) maps keys to actions and is also what that screen's help lists, so the
/// help can never disagree with the behaviour.
public enum GridAction: Equatable, Hashable, Sendable {
    case moveUp, moveDown, moveLeft, moveRight
    case pageUp, pageDown
    /// Ctrl-U / Ctrl-D: half a screen, as in less and vim.
    case halfPageUp, halfPageDown
    case first, last
    case open
    case search
    case index
    case retry
    case help
    case back
    case quit
    /// Comics gallery: the next (`t`) or previous (`T`) format filter.
    case format(forward: Bool)
    /// `y` / `Y`: the selection's name or link to the terminal's clipboard (OSC 52).
    case copy(CopyRequest.What)
    /// `f`: star / unstar the selection (favourites).
    case favourite
    /// `F` / `H`: the favourites or the recently opened pages, as a grid over this one.
    case savedList(SavedList)
    /// `s` / `S`: the next order of the grid, or the same order the other way round.
    case sort(reverse: Bool)
    /// `'`: type a prefix to jump to the first name starting with it.
    case jump
    /// `n` / `N`: the next or previous name matching the last search (`Update+NextMatch.swift`).
    case nextMatch(forward: Bool)
    /// `z`: the selection's picture over the whole screen (`Update+FullPicture.swift`).
    case fullPicture
}

public enum Keymap {
    /// One line of a screen's help: the keys as shown, what they do, and the keys' actions.
    /// A line without bindings is a note (the mouse, the keys inside the search field).
    public struct Line<Action: Equatable & Sendable>: Equatable, Sendable {
        public let keys: String
        public let text: StringKey
        public let bindings: [Binding<Action>]

        init(_ keys: String, _ text: StringKey, _ bindings: [Binding<Action>] = []) {
            self.keys = keys; self.text = text; self.bindings = bindings
        }
    }

    public struct Binding<Action: Equatable & Sendable>: Equatable, Sendable {
        public let key: KeyEvent
        public let action: Action
        init(_ key: KeyEvent, _ action: Action) { self.key = key; self.action = action }
    }

    /// The table of a grid screen: the characters grid or the comics grid.
    public static func table(_ catalog: CatalogKind) -> [Line<GridAction>] {
        switch catalog {
        case .characters: characters
        case .comics: comics
        case .titles(.creators): creators
        case .titles: titles
        case .saved: saved
        }
    }

    /// The action for a key on the grid of `catalog`, if any: read from the same table as the help.
    public static func gridAction(for key: KeyEvent, catalog: CatalogKind = .characters) -> GridAction? {
        action(for: key, in: table(catalog))
    }

    /// The action a table binds to a key, if any.
    static func action<Action>(for key: KeyEvent, in table: [Line<Action>]) -> Action? {
        for line in table {
            if let binding = line.bindings.first(where: { $0.key == key }) { return binding.action }
        }
        return nil
    }

    private static let movement: [Line<GridAction>] = [
        Line("←↓↑→  h j k l", .helpMove, [
            Binding(.up, .moveUp), Binding(.char("k"), .moveUp), Binding(.down, .moveDown), Binding(.char("j"), .moveDown),
            Binding(.left, .moveLeft), Binding(.char("h"), .moveLeft), Binding(.right, .moveRight), Binding(.char("l"), .moveRight),
        ]),
        Line("Ctrl-N Ctrl-P", .helpNextPrevious, [Binding(.ctrl("n"), .moveDown), Binding(.ctrl("p"), .moveUp)]),
        Line("PgUp PgDn Space", .helpPage, [
            Binding(.pageUp, .pageUp), Binding(.pageDown, .pageDown), Binding(.char(" "), .pageDown),
        ]),
        Line("Ctrl-B Ctrl-F", .helpPage, [Binding(.ctrl("b"), .pageUp), Binding(.ctrl("f"), .pageDown)]),
        Line("Ctrl-U Ctrl-D", .helpHalfPage, [Binding(.ctrl("u"), .halfPageUp), Binding(.ctrl("d"), .halfPageDown)]),
    ]

    private static let closing: [Line<GridAction>] = [
        Line("f", .helpFavourite, [Binding(.char("f"), .favourite)]),
        Line("z", .helpFullPicture, [Binding(.char("z"), .fullPicture)]),
        Line("F", .helpFavouritesList, [Binding(.char("F"), .savedList(.favourites))]),
        Line("H", .helpRecent, [Binding(.char("H"), .savedList(.recent))]),
        Line("y Y", .helpCopy, [Binding(.char("y"), .copy(.name)), Binding(.char("Y"), .copy(.link))]),
        Line("r", .helpRetry, [Binding(.char("r"), .retry)]),
        Line("?", .helpHelp, [Binding(.char("?"), .help)]),
        Line("Esc", .helpBack, [Binding(.escape, .back)]),
        Line("q  Ctrl-C", .helpQuit, [Binding(.char("q"), .quit), Binding(.ctrl("c"), .quit)]),
    ]

    /// What both grids share after the movement keys; only the texts differ (the comics
    /// grid says "comic" and searches titles).
    private static func opening(ends: StringKey, open: StringKey, search: StringKey) -> [Line<GridAction>] {
        [
            Line("Home End  g G", ends, [
                Binding(.home, .first), Binding(.char("g"), .first), Binding(.end, .last), Binding(.char("G"), .last),
            ]),
            Line("Enter", open, [Binding(.enter, .open)]),
            Line("mouse", .helpMouse),
            Line("/", search, [Binding(.char("/"), .search)]),
            Line("", .helpSearchKeys),
            Line("n N", .helpNextMatch, [Binding(.char("n"), .nextMatch(forward: true)), Binding(.char("N"), .nextMatch(forward: false))]),
        ]
    }

    /// The A–Z index, on the characters grid (names) and the comics grid (titles).
    private static func index(_ text: StringKey) -> [Line<GridAction>] {
        [Line("i", text, [Binding(.char("i"), .index)]), Line("", .helpIndexKeys)]
    }

    /// Jump by typing, on every grid in name order (`Update+Jump.swift`).
    private static let jump: [Line<GridAction>] = [Line("'", .helpJump, [Binding(.char("'"), .jump)])]

    /// The order of the characters and comics grids (`ListOrder`).
    private static func sort(_ text: StringKey) -> [Line<GridAction>] {
        [Line("s S", text, [Binding(.char("s"), .sort(reverse: false)), Binding(.char("S"), .sort(reverse: true))])]
    }

    static let characters: [Line<GridAction>] = movement + opening(ends: .helpEnds, open: .helpOpen, search: .helpSearch)
        + index(.helpIndex) + jump + sort(.helpSort) + closing

    static let comics: [Line<GridAction>] = movement + opening(ends: .helpEndsComics, open: .helpOpenComic, search: .helpSearchTitles)
        + index(.helpIndexTitles) + jump + sort(.helpSortComics) + [
        // `f` stars (every grid); the formats moved to `t T`.
        Line("t T", .helpFormat, [Binding(.char("t"), .format(forward: true)), Binding(.char("T"), .format(forward: false))]),
    ] + closing

    /// Series, events, creators: the comics grid without formats.
    static let titles: [Line<GridAction>] = movement + opening(ends: .helpEndsTitles, open: .helpOpenTitle, search: .helpSearchTitles)
        + index(.helpIndexTitles) + jump + closing

    /// Creators: shown by full name but ordered by last name, so the index and jump do not
    /// apply (`i` and `'` say so on the status line); the help said "A–Z index of titles" and
    /// "search titles" here.
    static let creators: [Line<GridAction>] = movement + opening(ends: .helpEndsTitles, open: .helpOpenTitle, search: .helpSearch)
        + [Line("i '", .helpIndexNotHere, [Binding(.char("i"), .index), Binding(.char("'"), .jump)])] + closing

    /// Favourites and history (`marvel-gallery favourites|recent`, `F`, `H`): records of any type.
    /// No search, index, jump or sort: they are the server's, and these lists are the user's own.
    static let saved: [Line<GridAction>] = movement + Array(opening(ends: .helpEndsTitles, open: .helpOpenTitle, search: .helpSearch).prefix(3))
        + closing
}
