import TerminalUI

/// Scrolling the top page, keeping the strip in view, and re-wrapping every page on a resize
/// so each keeps the same block on top.
extension DetailStack {
    mutating func scroll(by delta: Int) {
        let top = pages.count - 1
        guard top >= 0 else { return }
        let current = pages[top].scrollTop
        pages[top].scrollTop = max(0, current.addingReportingOverflow(delta).overflow ? current : current + delta)
        clampScroll()
        rememberAnchor()
    }

    /// Notes the block on top after the user scrolled (see `DetailPage.anchor`).
    mutating func rememberAnchor() {
        let top = pages.count - 1
        guard top >= 0, let doc = document(pages[top]) else { return }
        let scroll = pages[top].scrollTop
        pages[top].anchor = scroll == 0 ? nil : doc.block(at: scroll).map { ScrollAnchor(block: $0.name, offset: $0.offset) }
    }

    mutating func clampScroll() {
        let top = pages.count - 1
        guard top >= 0, let doc = document(pages[top]) else { return }
        let last = max(0, doc.height - layout.viewport.height)
        pages[top].scrollTop = min(max(0, pages[top].scrollTop), last)
    }

    /// Scrolls as little as possible so the whole strip is on screen.
    mutating func revealStrip() {
        let top = pages.count - 1
        guard top >= 0, let doc = document(pages[top]), let line = doc.stripLine else { return }
        let height = layout.viewport.height
        let end = line + CoverStrip.height + 1
        var scroll = pages[top].scrollTop
        if end > scroll + height { scroll = end - height }
        if line < scroll { scroll = line }
        pages[top].scrollTop = scroll
        clampScroll()
        rememberAnchor()
    }

    /// A resize re-wraps every page: each keeps the same block at the top of its viewport
    /// (and the same line within it), so the user keeps reading where they were.
    mutating func resize(to new: Size) {
        let old = size
        size = new
        guard !pages.isEmpty, old != new else { return }
        for i in pages.indices {
            let page = pages[i]
            let oldLayout = DetailLayout(size: old, page: page)
            let newLayout = DetailLayout(size: new, page: page)
            guard let before = document(page, layout: oldLayout),
                  let after = document(page, layout: newLayout) else { continue }
            var scroll = 0
            // At the very top stays at the top (the picture first in the narrow layout).
            let anchor = page.anchor ?? (page.scrollTop > 0
                ? before.block(at: page.scrollTop).map { ScrollAnchor(block: $0.name, offset: $0.offset) } : nil)
            if let anchor {
                if let line = after.line(of: anchor.block) {
                    let blockEnd = after.anchors.first { $0.line > line }?.line ?? after.height
                    scroll = line + min(anchor.offset, max(0, blockEnd - line - 1))
                } else if let next = before.anchors.first(where: { $0.line > page.scrollTop && after.line(of: $0.name) != nil }) {
                    scroll = after.line(of: next.name) ?? 0  // the picture left the document: its next block
                }
            }
            pages[i].scrollTop = min(scroll, max(0, after.height - newLayout.viewport.height))
            let visible = CoverStrip.visibleCount(width: newLayout.viewport.width)
            pages[i].strip.select(page.strip.selection, visible: visible)
        }
    }
}
