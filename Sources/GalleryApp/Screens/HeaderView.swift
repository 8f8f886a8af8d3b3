import MarvelAPI
import TerminalUI

/// The top line: the MARVEL badge, what is shown (or the search field), and the Marvel
/// attribution on the right, as the API terms ask for every screen with its data.
enum HeaderView {
    static func render(_ state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        // What the grid shows comes first, as on a detail page (else at 30 columns the grid's
        // line is the badge and "Data provided by Ma…", no word of which grid).
        guard let search = state.search, search.isEditing else {
            DetailHeader.render(title: title(of: state) + orderSuffix(state), state: state, in: area, theme: theme, into: &buffer)
            return
        }
        let strings = state.strings
        // The field takes the title's place by the header's one rule (`DetailHeader.layout`):
        // what is typed shows at any width, the attribution shortening to its copyright and
        // the badge giving way first (else at 30 columns the line is "MARVEL  Search › spid  Da…").
        // From 80 columns the field keeps a third of the line: a live source's long credit,
        // cut anyway, would hide what is typed.
        let badge = " \(strings[.appTitle]) "
        let need = TextWidth.of(strings[.searchPrompt] + " › " + search.text) + 4
        let header = DetailHeader.layout(titleWidth: max(area.width >= 80 ? area.width / 3 : 0, need),
                                         attribution: state.shownAttribution, badgeWidth: TextWidth.of(badge) + 1,
                                         width: area.width)
        var x = area.x
        if header.badge { x += buffer.put(badge, at: Point(x: x, y: area.y), style: theme.brand) }
        x += 1
        let right = area.maxX - TextWidth.of(header.attribution) - header.margin
        buffer.put(header.attribution, at: Point(x: right, y: area.y), style: theme.secondary)
        // Two spaces before the credit where the line has room, one where it is tight.
        let room = max(0, header.attribution.isEmpty ? area.maxX - x : right - x - (header.margin == 1 ? 3 : 1))
        // Say it when the source can only match the start of a name (the Marvel API).
        let hint = search.wasCut ? strings.text(.searchCut, SearchState.maxCharacters)
            : strings[state.config.source.searchesAnywhere ? .searchHint : .searchHintStartsOnly]
        let hintWidth = TextWidth.of(hint) + 2
        let fieldWidth = hintWidth < room - 12 ? room - hintWidth : room
        buffer.render(SearchField(prompt: strings[.searchPrompt] + " › ", text: search.text, cursor: search.cursor, focused: true,
                                  style: theme.title),
                      in: Rect(x: x, y: area.y, width: fieldWidth, height: 1))
        if fieldWidth < room {
            buffer.put(hint, at: Point(x: x + fieldWidth + 2, y: area.y), style: theme.secondary,
                       maxWidth: hintWidth - 2)
        }
    }

    /// " · by modified ↓" when the grid is not in its usual order (`s`, `--order`).
    static func orderSuffix(_ state: AppState) -> String {
        // A saved grid (favourites, recent) is in its own order, whatever the grid under it.
        if case .saved = state.current.query { return "" }
        guard let order = state.current.order, order != ListOrder.natural(state.config.catalog) else { return "" }
        return " · " + order.label(state.strings)
    }

    static func title(of state: AppState) -> String {
        let strings = state.strings
        switch state.current.query {
        case .all: return strings[.charactersTitle]
        case .search(let text): return strings.text(.searchTitle, text)
        case .letter(let letter): return strings.text(.letterTitle, letter)
        case .comics(let filter): return filter.title(strings)
        case .titles(let kind, let prefix): return strings[kind.tabKey] + (prefix.map { " · “" + $0 + "”" } ?? "")
        case .saved(let list): return strings[list == .favourites ? .favouritesTitle : .recentTitle]
        }
    }
}
