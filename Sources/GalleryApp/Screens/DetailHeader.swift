import TerminalUI

/// The top line of a detail page and of a grid (the search field, when open, takes the title's
/// place by the same rule): the badge, the title (what the page is about) and the source's
/// attribution. The title comes first: at 40 columns the attribution, kept whole, took the
/// line and Spider-Man's page said only "Data provided by Marvel. © 20…". Where the whole
/// attribution does not fit beside the whole title, it shortens to its copyright ("© 2023
/// MARVEL", the part from "©"; a live source's credit without one is cut); where that does
/// not fit either, the badge gives way (the copyright names Marvel); then the title is cut,
/// keeping `minimumTitle` columns; below that (24 to 26 columns) the title has the line alone.
struct DetailHeader: Equatable {
    var badge: Bool
    var title: String
    var attribution: String
    /// Columns after the attribution: one when the line has room, none when it is tight.
    var margin = 1

    static let minimumTitle = 12
    static let minimumCredit = 12

    /// The copyright part of an attribution ("© 2023 MARVEL"), or nil when it has none (a
    /// live source's credit, which is then cut where it does not fit).
    static func copyright(of attribution: String) -> String? {
        guard let sign = attribution.firstIndex(of: "©") else { return nil }
        let short = String(attribution[sign...])
        return short == attribution ? nil : short
    }

    /// `badgeWidth`: the badge's columns with the space after it.
    static func fit(title: String, attribution: String, badgeWidth: Int, width: Int) -> DetailHeader {
        let line = layout(titleWidth: TextWidth.of(title), attribution: attribution, badgeWidth: badgeWidth, width: width)
        return DetailHeader(badge: line.badge, title: TextWidth.truncate(title, to: line.titleWidth),
                            attribution: line.attribution, margin: line.margin)
    }

    /// The rule for anything `titleWidth` columns wide in the title's place (a title, or the
    /// grid's search field): whether the badge shows, the attribution as shown and its margin,
    /// and the columns the title keeps.
    static func layout(titleWidth: Int, attribution: String, badgeWidth: Int, width: Int)
        -> (badge: Bool, attribution: String, margin: Int, titleWidth: Int) {
        // Badge and space (or one space), title, two spaces, attribution, one space.
        if titleWidth == 0 || badgeWidth + titleWidth + 2 + TextWidth.of(attribution) + 1 <= width {
            return (true, TextWidth.truncate(attribution, to: width - badgeWidth - titleWidth - 1), 1, titleWidth)
        }
        // Tight from here: one space between title and credit, none after it. A credit without
        // a copyright part (a live source's long one) is cut, keeping at least `minimumCredit`
        // columns; a copyright is shown whole or not at all.
        func room(_ badge: Bool) -> Int { width - (badge ? badgeWidth : 1) - titleWidth - 1 }
        let short = copyright(of: attribution)
        let credit = short ?? attribution
        let least = short.map { TextWidth.of($0) } ?? minimumCredit
        if let badge = [true, false].first(where: { room($0) >= least }) {
            let shown = TextWidth.truncate(credit, to: room(badge))
            return (badge, shown, room(badge) > TextWidth.of(shown) ? 1 : 0, titleWidth)
        }
        let titleRoom = width - 1 - 1 - least
        guard titleRoom >= minimumTitle else { return (false, "", 1, min(titleWidth, width - 2)) }
        return (false, TextWidth.truncate(credit, to: least), 0, min(titleWidth, titleRoom))
    }
}

extension DetailHeader {
    /// Draws the line (`fit` decides what shows); returns the title's column.
    @discardableResult
    static func render(title: String, state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) -> Int {
        let badge = " \(state.strings[.appTitle]) "
        let header = fit(title: title, attribution: state.shownAttribution, badgeWidth: TextWidth.of(badge) + 1, width: area.width)
        var x = area.x
        if header.badge { x += buffer.put(badge, at: Point(x: x, y: area.y), style: theme.brand) }
        x += 1
        let right = area.maxX - TextWidth.of(header.attribution) - header.margin
        buffer.put(header.attribution, at: Point(x: right, y: area.y), style: theme.secondary)
        buffer.put(header.title, at: Point(x: x, y: area.y), style: theme.title, maxWidth: max(0, right - x - 1))
        return x
    }
}
