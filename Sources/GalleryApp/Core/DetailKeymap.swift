import TerminalUI

/// What a key does on a detail page.
public enum DetailAction: Equatable, Hashable, Sendable {
    case back
    case lineUp, lineDown, pageUp, pageDown, top, bottom
    case nextTab
    case stripLeft, stripRight
    case open
    case nextLink, previousLink, openLink
    /// `y` / `Y`: the page's name or canonical link to the terminal's clipboard (OSC 52).
    case copy(CopyRequest.What)
    /// `f`: star / unstar the page's record (the app core does it: favourites are its).
    case favourite
    case retry
    /// `?`: this page's keys (the app core shows them: the overlay is its).
    case help
    /// `z`: the page's picture over the whole screen (the app core's, as the help).
    case fullPicture
}

extension Keymap {
    /// The detail page's table: `DetailStack.handle(key:)` acts on it and its help (`?`) lists
    /// it, one line for each key it binds (`KeymapTests`). The digits (a tab by its number,
    /// "1…5") are the one rule beside it, as their count is the page's; Ctrl-C is the app's.
    public static let detail: [Line<DetailAction>] = [
        Line("↑↓ j k", .helpDetailScroll, [
            Binding(.up, .lineUp), Binding(.char("k"), .lineUp), Binding(.down, .lineDown), Binding(.char("j"), .lineDown),
        ]),
        Line("PgUp PgDn Space", .helpPage, [
            Binding(.pageUp, .pageUp), Binding(.pageDown, .pageDown), Binding(.char(" "), .pageDown),
        ]),
        Line("Ctrl-B Ctrl-F", .helpPage, [Binding(.ctrl("b"), .pageUp), Binding(.ctrl("f"), .pageDown)]),
        Line("Home End  g G", .helpDetailEnds, [
            Binding(.home, .top), Binding(.char("g"), .top), Binding(.end, .bottom), Binding(.char("G"), .bottom),
        ]),
        Line("Tab  1…5", .helpDetailTabs, [Binding(.tab, .nextTab)]),
        Line("←→ h l", .helpDetailStrip, [
            Binding(.left, .stripLeft), Binding(.char("h"), .stripLeft), Binding(.right, .stripRight), Binding(.char("l"), .stripRight),
        ]),
        Line("Enter", .helpDetailOpen, [Binding(.enter, .open)]),
        Line("u U  o", .helpDetailLinks, [
            Binding(.char("u"), .nextLink), Binding(.char("U"), .previousLink), Binding(.char("o"), .openLink),
        ]),
        Line("y Y", .helpCopy, [Binding(.char("y"), .copy(.name)), Binding(.char("Y"), .copy(.link))]),
        Line("f", .helpFavourite, [Binding(.char("f"), .favourite)]),
        Line("z", .helpFullPicture, [Binding(.char("z"), .fullPicture)]),
        Line("r", .helpRetry, [Binding(.char("r"), .retry)]),
        Line("?", .helpHelp, [Binding(.char("?"), .help)]),
        Line("Esc  q  Backspace", .helpDetailBack, [Binding(.escape, .back), Binding(.char("q"), .back), Binding(.backspace, .back)]),
        Line("Ctrl-C", .helpQuit),
    ]

    /// The action for a key on a detail page, if any: read from the same table as its help.
    public static func detailAction(for key: KeyEvent) -> DetailAction? { action(for: key, in: detail) }
}
