import TerminalUI

/// The app's side of the detail stack: it hands the stack its messages and passes its effects
/// on; the help overlay, the spinner and quitting after a standalone page stay here.
extension AppState {
    /// Opens a detail page over what is shown (`standalone`: nothing below it, back quits).
    public mutating func openDetail(_ subject: DetailSubject, standalone: Bool = false, title: String? = nil) -> [Effect] {
        updateDetails(.open(subject, title: title, standalone: standalone))
    }

    /// Enter on the grid: the selected item's page.
    mutating func openSelected() -> [Effect] {
        guard let item = current.selectedItem else { return [] }
        return openDetail(item.kind.map { DetailSubject($0, id: item.id) } ?? config.catalog.subject(item), title: item.name)
    }

    mutating func updateDetails(_ msg: DetailMsg) -> [Effect] {
        let effects = details.update(msg).map(Effect.detail) + recordVisit()
        if details.isEmpty && details.standalone { return effects + quit() }
        return effects
    }

    /// Keys while a page is open: `?` shows the help over it, the rest is the stack's.
    mutating func handleDetail(key: KeyEvent) -> [Effect] {
        if Keymap.detailAction(for: key) == .help, details.top?.failure == nil {
            overlay = .help
            return []
        }
        if Keymap.detailAction(for: key) == .favourite { return toggleFavouriteOnDetail() }
        if Keymap.detailAction(for: key) == .fullPicture, let page = details.top, page.failure == nil {
            return openFullPicture(name: page.content?.title ?? page.knownTitle ?? "", id: page.subject.id,
                                   picture: page.content?.picture)
        }
        if key == .escape, details.standalone, details.pages.count == 1, details.top?.failure == nil {
            // A page opened on its own has nothing below it: Esc says how to quit, q quits.
            quitHintShown = true
            return []
        }
        return updateDetails(.key(key))
    }

    mutating func handleDetail(mouse: MouseEvent) -> [Effect] {
        if overlay != nil {
            if mouse.kind == .press { closeFullPicture(); overlay = nil }
            return []
        }
        return updateDetails(.mouse(mouse))
    }

    var detailLayout: DetailLayout { details.layout }

    func detailDocument(_ page: DetailPage) -> DetailDocument? { details.document(page) }

    /// True when what is on screen is fully drawn: the grid (`isGridComplete`), or the top
    /// detail page (`DetailStack.isComplete`). The headless run waits for this.
    public var isScreenComplete: Bool {
        details.isEmpty ? isGridComplete : details.isComplete
    }
}
