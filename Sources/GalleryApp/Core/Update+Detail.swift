import TerminalUI

/// The detail pages: opening one pushes it and asks for its data; keys scroll, switch the
/// appearance tab, move along the strip, pick and open links; Esc pops back to exactly what was
/// shown before. A page that fails to load shows a modal; dismissing it pops the page.
extension AppState {
    /// Opens a detail page over what is shown (`standalone`: nothing below it, back quits).
    public mutating func openDetail(_ subject: DetailSubject, standalone: Bool = false, title: String? = nil) -> [Effect] {
        if standalone && details.isEmpty { details.standalone = true }
        var page = DetailPage(pageID: details.nextID, subject: subject)
        page.knownTitle = title
        details.nextID += 1
        details.pages.append(page)
        return [.detail(.load(DetailRequest(pageID: page.pageID, subject: subject)))]
    }

    /// Enter on the grid: the selected character's (or comic's) page.
    mutating func openSelected() -> [Effect] {
        guard let item = current.selectedItem else { return [] }
        return openDetail(item.format == nil ? .character(item.id) : .comic(item.id), title: item.name)
    }

    mutating func closeDetail() -> [Effect] {
        guard !details.pages.isEmpty else { return [] }
        details.pages.removeLast()
        if details.pages.isEmpty && details.standalone { return quit() }
        return []
    }

    var detailLayout: DetailLayout { DetailLayout(size: size) }

    func detailDocument(_ page: DetailPage, layout: DetailLayout? = nil) -> DetailDocument? {
        DetailDocument.build(page, layout: layout ?? detailLayout, strings: strings, theme: .standard)
    }

    mutating func handleDetail(key: KeyInput) -> [Effect] {
        guard let page = details.top else { return [] }
        if page.failure != nil { return closeDetail() }  // any key dismisses the error modal
        let top = details.pages.count - 1
        let viewport = detailLayout.viewport
        let visible = CoverStrip.visibleCount(width: viewport.width)
        switch key {
        case .escape, .backspace, .char("q"): return closeDetail()
        case .char("?"): overlay = .help
        case .up, .char("k"): scrollDetail(by: -1)
        case .down, .char("j"): scrollDetail(by: 1)
        case .pageUp, .ctrl("b"): scrollDetail(by: -max(1, viewport.height - 1))
        case .pageDown, .char(" "), .ctrl("f"): scrollDetail(by: max(1, viewport.height - 1))
        case .home, .char("g"): scrollDetail(by: -Int.max / 2)
        case .end, .char("G"): scrollDetail(by: Int.max / 2)
        case .tab: switchTab(to: AppearanceTab(rawValue: (page.tab.rawValue + 1) % AppearanceTab.allCases.count) ?? .comics)
        case .char(let c) where Int(String(c)).map { (1...4).contains($0) } ?? false:
            switchTab(to: AppearanceTab(rawValue: (Int(String(c)) ?? 1) - 1) ?? .comics)
        case .left, .char("h"), .right, .char("l"):
            guard page.showsStrip else { return [] }
            let delta = key == .left || key == .char("h") ? -1 : 1
            details.pages[top].strip.select(page.strip.selection + delta, visible: visible)
            revealStrip()
        case .enter:
            guard page.showsStrip, let item = page.strip.list.item(at: page.strip.selection) else { return [] }
            return openDetail(page.subject.isCharacter ? .comic(item.id) : .character(item.id), title: item.name)
        case .char("u"), .char("U"):
            let count = page.content?.links.count ?? 0
            guard count > 0 else { return [] }
            let step = key == .char("u") ? 1 : count - 1
            details.pages[top].linkIndex = (page.linkIndex + step) % count
        case .char("o"):
            guard let links = page.content?.links, links.indices.contains(page.linkIndex) else { return [] }
            return [.detail(.openURL(links[page.linkIndex].url))]
        case .char("r"):
            details.pages[top].strip.list.clearFailure()
        default: break
        }
        return []
    }

    /// The wheel scrolls; a click on a cover selects it (a click on the selected one opens
    /// it); a click on a link selects it (the terminal itself opens OSC 8 links on its own
    /// gesture, `o` opens the selected one).
    mutating func handleDetail(mouse: MouseInput) -> [Effect] {
        if overlay != nil {
            if case .press = mouse { overlay = nil }
            return []
        }
        switch mouse {
        case .wheelUp: scrollDetail(by: -3)
        case .wheelDown: scrollDetail(by: 3)
        case .press(let x, let y):
            let top = details.pages.count - 1
            let viewport = detailLayout.viewport
            guard top >= 0, viewport.contains(Point(x: x, y: y)), let page = details.top,
                  let doc = detailDocument(page) else { return [] }
            let line = y - viewport.y + page.scrollTop
            if page.showsStrip, let strip = doc.stripLine, (strip..<strip + CoverStrip.height).contains(line) {
                let slot = (x - viewport.x) / (CoverStrip.coverColumns + CoverStrip.gap)
                let index = page.strip.first + slot
                guard slot < CoverStrip.visibleCount(width: viewport.width), index < page.strip.list.count else {
                    return []
                }
                if index == page.strip.selection { return handleDetail(key: .enter) }
                details.pages[top].strip.select(index, visible: CoverStrip.visibleCount(width: viewport.width))
            } else if let links = doc.line(of: "links"), let count = page.content?.links.count,
                      (links + 1..<links + 1 + count).contains(line) {
                details.pages[top].linkIndex = line - links - 1
            }
        }
        return []
    }

    mutating func switchTab(to tab: AppearanceTab) {
        let top = details.pages.count - 1
        guard top >= 0, details.pages[top].subject.isCharacter else { return }
        details.pages[top].tab = tab
        // Keep the tabs in view: the user is looking at them.
        if let page = details.top, let doc = detailDocument(page), let line = doc.line(of: "appearances"),
           line < page.scrollTop || line >= page.scrollTop + detailLayout.viewport.height {
            details.pages[top].scrollTop = line
        }
        clampDetailScroll()
        rememberAnchor()
    }

    mutating func scrollDetail(by delta: Int) {
        let top = details.pages.count - 1
        guard top >= 0 else { return }
        let current = details.pages[top].scrollTop
        details.pages[top].scrollTop = max(0, current.addingReportingOverflow(delta).overflow ? current : current + delta)
        clampDetailScroll()
        rememberAnchor()
    }

    /// Notes the block on top after the user scrolled (see `DetailPage.anchor`).
    mutating func rememberAnchor() {
        let top = details.pages.count - 1
        guard top >= 0, let doc = detailDocument(details.pages[top]) else { return }
        let scroll = details.pages[top].scrollTop
        details.pages[top].anchor = scroll == 0 ? nil : doc.block(at: scroll).map { ($0.name, $0.offset) }
    }

    mutating func clampDetailScroll() {
        let top = details.pages.count - 1
        guard top >= 0, let doc = detailDocument(details.pages[top]) else { return }
        let last = max(0, doc.height - detailLayout.viewport.height)
        details.pages[top].scrollTop = min(max(0, details.pages[top].scrollTop), last)
    }

    /// Scrolls as little as possible so the whole strip is on screen.
    mutating func revealStrip() {
        let top = details.pages.count - 1
        guard top >= 0, let doc = detailDocument(details.pages[top]), let line = doc.stripLine else { return }
        let height = detailLayout.viewport.height
        let end = line + CoverStrip.height + 1
        var scroll = details.pages[top].scrollTop
        if end > scroll + height { scroll = end - height }
        if line < scroll { scroll = line }
        details.pages[top].scrollTop = scroll
        clampDetailScroll()
        rememberAnchor()
    }

    /// A resize re-wraps every page: each keeps the same block at the top of its viewport
    /// (and the same line within it), so the user keeps reading where they were.
    mutating func resizeDetails(from old: Size, to new: Size) {
        guard !details.isEmpty, old != new else { return }
        let oldLayout = DetailLayout(size: old), newLayout = DetailLayout(size: new)
        for i in details.pages.indices {
            let page = details.pages[i]
            guard let before = detailDocument(page, layout: oldLayout),
                  let after = detailDocument(page, layout: newLayout) else { continue }
            var scroll = 0
            // At the very top stays at the top (the picture first in the narrow layout).
            if let (block, offset) = page.anchor ?? (page.scrollTop > 0 ? before.block(at: page.scrollTop) : nil) {
                if let line = after.line(of: block) {
                    let blockEnd = after.anchors.first { $0.line > line }?.line ?? after.height
                    scroll = line + min(offset, max(0, blockEnd - line - 1))
                } else if let next = before.anchors.first(where: { $0.line > page.scrollTop && after.line(of: $0.name) != nil }) {
                    scroll = after.line(of: next.name) ?? 0  // the picture left the document: its next block
                }
            }
            details.pages[i].scrollTop = min(scroll, max(0, after.height - newLayout.viewport.height))
            let visible = CoverStrip.visibleCount(width: newLayout.viewport.width)
            details.pages[i].strip.select(page.strip.selection, visible: visible)
        }
    }
}

extension DetailPage {
    /// The strip is on screen: always on a comic, on the comics tab of a character.
    var showsStrip: Bool { content != nil && (!subject.isCharacter || tab == .comics) }
}
