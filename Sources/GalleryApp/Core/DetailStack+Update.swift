import MarvelAPI
import TerminalUI

/// The detail stack's state machine: opening a page pushes it and asks for its data; keys
/// scroll, switch the related tab, move along the strip, pick and open links; Esc pops back to
/// exactly what was shown before. A page that fails to load shows a modal; dismissing it pops
/// the page. After every message the top page asks for what it still needs (`settle`).
extension DetailStack {
    public mutating func update(_ msg: DetailMsg) -> [DetailEffect] {
        var effects: [DetailEffect] = []
        switch msg {
        case .open(let subject, let title, let standalone):
            effects += open(subject, title: title, standalone: standalone)
        case .key(let key):
            effects += handle(key: key)
        case .mouse(let mouse):
            effects += handle(mouse: mouse)
        case .resized(let newSize):
            resize(to: newSize)
        case .loaded, .stripLoaded, .imageLoaded, .linkOpened, .copied:
            receive(msg)
        }
        effects += settle()
        return effects + openTypedAhead()
    }

    /// Opens the item an early Enter waited for, once the top page's strip has it.
    private mutating func openTypedAhead() -> [DetailEffect] {
        let top = pages.count - 1
        guard top >= 0, let tab = pages[top].opensWhenLoaded else { return [] }
        let page = pages[top]
        guard page.failure == nil, page.tab == tab, page.strip.failure == nil else {
            pages[top].opensWhenLoaded = nil
            return []
        }
        guard page.showsStrip, let item = page.strip.item(at: page.strip.selection) else {
            // Still coming, unless the strip is known empty.
            if page.strip.total == 0 { pages[top].opensWhenLoaded = nil }
            return []
        }
        pages[top].opensWhenLoaded = nil
        return open(DetailSubject(tab, id: item.id), title: item.title, standalone: false)
    }

    mutating func open(_ subject: DetailSubject, title: String?, standalone: Bool) -> [DetailEffect] {
        if standalone && pages.isEmpty { self.standalone = true }
        var page = DetailPage(pageID: nextID, subject: subject)
        page.knownTitle = title
        nextID += 1
        pages.append(page)
        return [.load(DetailRequest(pageID: page.pageID, subject: subject))]
    }

    mutating func close() {
        guard let page = pages.popLast() else { return }
        if pages.isEmpty && standalone, let failure = page.failure { standaloneFailure = failure }
    }

    func document(_ page: DetailPage, layout: DetailLayout? = nil) -> DetailDocument? {
        DetailDocument.build(page, layout: layout ?? self.layout(for: page), strings: strings, theme: .standard)
    }

    mutating func handle(key: KeyEvent) -> [DetailEffect] {
        guard let page = top else { return [] }
        if page.failure != nil {  // any key dismisses the error modal
            close()
            return []
        }
        let top = pages.count - 1
        pages[top].opensWhenLoaded = nil  // any later key overrides an Enter that waited
        pages[top].unopenedLink = nil
        let viewport = layout.viewport
        let visible = CoverStrip.visibleCount(width: viewport.width)
        let tabs = page.subject.tabs
        if let number = key.typed.flatMap({ Int(String($0)) }), (1...tabs.count).contains(number) {
            switchTab(to: tabs[number - 1])
            return []
        }
        guard let action = Keymap.detailAction(for: key) else { return [] }
        switch action {
        case .back: close()
        case .lineUp: scroll(by: -1)
        case .lineDown: scroll(by: 1)
        case .pageUp: scroll(by: -max(1, viewport.height - 1))
        case .pageDown: scroll(by: max(1, viewport.height - 1))
        case .top: scroll(by: -Int.max / 2)
        case .bottom: scroll(by: Int.max / 2)
        case .nextTab: switchTab(to: tabs[((tabs.firstIndex(of: page.tab) ?? 0) + 1) % tabs.count])
        case .stripLeft, .stripRight:
            guard page.showsStrip else { return [] }
            pages[top].strip.select(page.strip.selection + (action == .stripLeft ? -1 : 1), visible: visible)
            revealStrip()
        case .open:
            guard page.showsStrip, let item = page.strip.item(at: page.strip.selection) else {
                // Typed ahead of the data (`3` then Enter at once): kept, not lost.
                if page.isLoading || (page.strip.failure == nil && page.strip.total == nil) {
                    pages[top].opensWhenLoaded = page.tab
                }
                return []
            }
            return open(DetailSubject(page.tab, id: item.id), title: item.title, standalone: false)
        case .nextLink, .previousLink:
            let count = page.content?.links.count ?? 0
            guard count > 0 else { return [] }
            let step = action == .nextLink ? 1 : count - 1
            pages[top].linkIndex = (page.linkIndex + step) % count
        case .openLink:
            guard let links = page.content?.links, links.indices.contains(page.linkIndex) else {
                // Said, not silent: a story page has no links and `o` did nothing at all.
                if page.content != nil { pages[top].notice = strings[.noLinks] }
                return []
            }
            return [.openURL(links[page.linkIndex].url)]
        case .copy(.name):
            guard let name = page.content?.title ?? page.knownTitle else { return [] }
            return [.copy(CopyRequest(.name, name))]
        case .copy(.link):
            return [.copy(CopyRequest(.link, page.canonicalLink))]
        case .retry:
            if page.strip.failure != nil { pages[top].strip.failure = nil }
        case .favourite, .help, .fullPicture:
            break  // the app core's (`AppState.toggleFavouriteOnDetail`, the help, the full picture)
        }
        return []
    }

    /// The wheel scrolls; a click on a picture of the strip selects it (a click on the selected
    /// one opens it); a click on a tab shows it; a click on a link selects it (the terminal
    /// itself opens OSC 8 links on its own gesture, `o` opens the selected one).
    mutating func handle(mouse: MouseEvent) -> [DetailEffect] {
        let x = mouse.position.x, y = mouse.position.y
        switch (mouse.kind, mouse.button) {
        case (.wheel, .wheelUp): scroll(by: -3)
        case (.wheel, .wheelDown): scroll(by: 3)
        case (.press, _):
            let top = pages.count - 1
            let viewport = layout.viewport
            guard top >= 0, viewport.contains(Point(x: x, y: y)), let page = self.top,
                  let doc = document(page) else { return [] }
            let line = y - viewport.y + page.scrollTop
            if page.showsStrip, let strip = doc.stripLine, (strip..<strip + CoverStrip.height).contains(line) {
                let slot = (x - viewport.x) / (CoverStrip.coverColumns + CoverStrip.gap)
                let index = page.strip.first + slot
                guard slot < CoverStrip.visibleCount(width: viewport.width), (0..<page.strip.count).contains(index) else {
                    return []
                }
                if index == page.strip.selection { return handle(key: .enter) }
                pages[top].strip.select(index, visible: CoverStrip.visibleCount(width: viewport.width))
            } else if let tabs = doc.line(of: "tabs"), line >= tabs,
                      let tab = DetailSections.tab(at: x - viewport.x, row: line - tabs, of: page,
                                                   width: viewport.width, strings: strings) {
                switchTab(to: tab)
            } else if let links = doc.line(of: "links"), let count = page.content?.links.count,
                      (links + 1..<links + 1 + count).contains(line) {
                pages[top].linkIndex = line - links - 1
            }
        default: break
        }
        return []
    }

    mutating func switchTab(to tab: MarvelResource) {
        let top = pages.count - 1
        guard top >= 0, pages[top].subject.tabs.contains(tab) else { return }
        pages[top].tab = tab
        // Keep the tabs in view: the user is looking at them.
        if let page = self.top, let doc = document(page), let line = doc.line(of: "tabs"),
           line < page.scrollTop || line >= page.scrollTop + layout.viewport.height {
            pages[top].scrollTop = line
        }
        clampScroll()
        rememberAnchor()
    }
}

extension DetailPage {
    /// The strip is on screen once the page is loaded: every tab is a strip.
    var showsStrip: Bool { content != nil }
}
