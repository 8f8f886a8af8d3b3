import MarvelAPI
import TerminalUI

/// Draws the detail pages: header, the page in its layout (wide, narrow or backdrop), the
/// status line, and the error modal of a page that could not be loaded (over whatever was on
/// screen before it was opened).
enum DetailScreen {
    /// True when a detail page fills the screen; false when the grid shows (no page, or only a
    /// failed page opened from the grid: its modal is drawn over the grid by `renderModal`).
    static func coversGrid(_ state: AppState) -> Bool { state.detailCoversGrid }

    static func render(_ state: AppState, into buffer: inout Buffer, theme: Theme) {
        let strings = state.strings
        let size = buffer.size
        guard size.width >= ScreenLayout.minimumColumns, size.height >= ScreenLayout.minimumRows else {
            GalleryView.renderTooSmall(size: size, strings: strings, theme: theme,
                                       keyIgnored: state.tooSmallKeyIgnored, into: &buffer)
            return
        }
        let shown = state.details.pages.last(where: { $0.failure == nil })
        let layout = DetailLayout(size: size, page: shown)
        if let page = shown {
            renderPage(page, state: state, layout: layout, theme: theme, into: &buffer)
        } else {
            DetailHeader.render(title: "", state: state, in: layout.header, theme: theme, into: &buffer)
        }
        if state.overlay == .help {
            DetailHelpOverlay.render(state, in: layout.body, theme: theme, into: &buffer)
        }
        renderModal(state, into: &buffer, theme: theme)
    }

    /// The error modal of the top page, if it failed.
    static func renderModal(_ state: AppState, into buffer: inout Buffer, theme: Theme) {
        guard let top = state.details.top, let failure = top.failure else { return }
        let strings = state.strings
        let area = Rect(x: 0, y: 1, width: buffer.size.width, height: max(0, buffer.size.height - 2))
        let width = min(area.width, max(40, min(70, TextWidth.of(failure) + 6)))
        let body = Paragraph.wrap(failure, width: max(1, width - 4))
        let height = min(area.height, body.count + 5)
        let box = area.centered(Size(width: width, height: height))
        buffer.fill(box, with: .blank)
        buffer.render(Border(title: strings[.errorTitle], style: theme.warningText), in: box)
        let inner = Border.inner(box).inset(horizontal: 1, vertical: 0)
        buffer.render(Paragraph(failure), in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, inner.height - 2)))
        // A page opened on its own (`marvel-gallery comic ID`) has nothing below it: the key ends
        // the run, so the modal says so (it said "goes back", and the program quit).
        let alone = state.details.standalone && state.details.pages.count == 1
        buffer.render(Paragraph(strings[alone ? .errorDismissQuits : .errorDismiss], style: theme.secondary, alignment: .center, wrap: false),
                      in: inner.row(inner.height - 1))
    }

    static func renderPage(_ page: DetailPage, state: AppState, layout: DetailLayout, theme: Theme, into buffer: inout Buffer) {
        let strings = state.strings
        let starred = state.saved.isFavourite(page.subject.kind, id: page.subject.id, source: state.config.source.savedName)
        let x = DetailHeader.render(title: (starred ? Theme.starMark + " " : "") + DetailPicture.title(of: page), state: state,
                             in: layout.header, theme: theme, into: &buffer)
        if starred {  // the title's star as the tiles' gold badge
            if x < buffer.size.width, layout.header.height > 0, buffer[x, layout.header.y].symbol == Theme.starMark {
                buffer.set(Cell(Theme.starMark, style: theme.star), at: Point(x: x, y: layout.header.y))
            }
        }
        renderStatus(page, state: state, in: layout.status, theme: theme, into: &buffer)
        guard let document = DetailDocument.build(page, layout: layout, strings: strings, theme: theme) else {
            let text = Spinner(frame: state.spinnerFrame).symbol + " " + strings[.detailLoading]
                + (page.knownTitle.map { " " + $0 } ?? "")
            buffer.render(Paragraph(text, style: theme.title, alignment: .center, wrap: false),
                          in: layout.body.row(layout.body.height / 2))
            return
        }
        let viewport = layout.viewport
        switch layout.kind {
        case .wide:
            if layout.hasPictureBox {
                DetailPicture.draw(page: page, ref: page.content?.picture, in: layout.pictureFrame, theme: theme, into: &buffer)
            }
            blit(document, scrollTop: page.scrollTop, into: viewport, buffer: &buffer) { $0 }
        case .narrow:
            blit(document, scrollTop: page.scrollTop, into: viewport, buffer: &buffer) { $0 }
        case .backdrop:
            DetailPicture.draw(page: page, ref: page.content?.picture, in: layout.pictureFrame, theme: theme, into: &buffer)
            let panel = layout.panel
            var shade: [Point: Color] = [:]
            for y in panel.minY..<panel.maxY {
                for x in panel.minX..<panel.maxX {
                    let color = darkened(buffer.shownCell(at: Point(x: x, y: y)))  // the picture's colour, also under kitty's
                    shade[Point(x: x, y: y)] = color
                    buffer.set(Cell(" ", style: Style(background: color)), at: Point(x: x, y: y))
                }
            }
            let light = theme.onBackdrop
            for y in panel.minY..<panel.maxY {
                for x in panel.minX..<panel.maxX where y == panel.minY || y == panel.maxY - 1 || x == panel.minX || x == panel.maxX - 1 {
                    let glyph = y == panel.minY ? (x == panel.minX ? "╭" : x == panel.maxX - 1 ? "╮" : "─")
                        : y == panel.maxY - 1 ? (x == panel.minX ? "╰" : x == panel.maxX - 1 ? "╯" : "─") : "│"
                    buffer.set(Cell(glyph, style: Style(foreground: theme.frame, background: shade[Point(x: x, y: y)] ?? .default)),
                               at: Point(x: x, y: y))
                }
            }
            blit(document, scrollTop: page.scrollTop, into: viewport, buffer: &buffer) { cell in
                var cell = cell
                if cell.style.background == .default {
                    cell.style.background = .rgb(0x14, 0x14, 0x14)
                }
                if cell.style.foreground == .default { cell.style.foreground = light }
                return cell
            } background: { point in shade[point] }
        }
        // More below / above: a quiet arrow at the right edge of the viewport.
        if page.scrollTop > 0 {
            buffer.put("▲", at: Point(x: viewport.maxX, y: viewport.y), style: theme.secondary)
        }
        if page.scrollTop + viewport.height < document.height {
            buffer.put("▼", at: Point(x: viewport.maxX, y: viewport.maxY - 1), style: theme.secondary)
        }
        if let link = page.unopenedLink { renderUnopenedLink(link, over: layout.body, theme: theme, into: &buffer) }
    }

    /// A link `o` could not open, whole over the bottom of the page (wrapped, never cut with
    /// "…"), so it can be copied by hand; the status line says why.
    static func renderUnopenedLink(_ link: String, over body: Rect, theme: Theme, into buffer: inout Buffer) {
        let width = max(1, body.width - 2)
        var lines: [String] = []
        var rest = Substring(link)
        while !rest.isEmpty {
            let line = TextWidth.prefix(String(rest), columns: width)
            guard !line.isEmpty else { break }
            lines.append(line)
            rest = rest.dropFirst(line.count)
        }
        let rows = min(lines.count, body.height)
        let panel = Rect(x: body.x, y: body.maxY - rows, width: body.width, height: rows)
        buffer.fill(panel, with: Cell(" ", style: theme.statusBar))
        for (n, line) in lines.prefix(rows).enumerated() {
            buffer.put(line, at: Point(x: panel.x + 1, y: panel.y + n), style: theme.statusBar.bold)
        }
    }

    /// Copies the document lines on screen into the viewport; `transform` adapts a cell (the
    /// backdrop panel gives blank cells its shade), `background` gives the shade under a point.
    static func blit(_ document: DetailDocument, scrollTop: Int, into viewport: Rect, buffer: inout Buffer,
                     transform: (Cell) -> Cell, background: ((Point) -> Color?)? = nil) {
        for row in 0..<viewport.height {
            let line = scrollTop + row
            guard line >= 0, line < document.height else { break }
            for x in 0..<min(viewport.width, document.buffer.size.width) {
                let source = document.buffer[x, line]
                if source.isContinuation { continue }
                let point = Point(x: viewport.x + x, y: viewport.y + row)
                var cell = source
                if let background, cell.style.background == .default, let shade = background(point) {
                    cell.style.background = shade
                }
                buffer.set(transform(cell), at: point)
            }
        }
        // The document's pictures (its own picture, the covers strip) move with its lines.
        buffer.copyImages(from: document.buffer, top: scrollTop, into: viewport)
    }

    /// The colour of a cell dimmed for the backdrop panel (the picture shows through, dark).
    static func darkened(_ cell: Cell) -> Color {
        func shade(_ color: Color) -> Color? {
            guard case .rgb(let r, let g, let b) = color else { return nil }
            let k = Theme.backdropShade
            return .rgb(UInt8(Double(r) * k), UInt8(Double(g) * k), UInt8(Double(b) * k))
        }
        return shade(cell.style.background) ?? shade(cell.style.foreground) ?? .rgb(0x14, 0x14, 0x14)
    }

    static func renderStatus(_ page: DetailPage, state: AppState, in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let strings = state.strings
        buffer.fill(area, with: Cell(" ", style: theme.statusBar))
        var left = " ● " + StatusBar.source(state.config.source, strings)
        if let notice = page.notice { left += "  │  " + notice }
        let quitHint = state.quitHintShown ? strings[.quitHint] : nil
        for notice in [state.copyNotice, quitHint].compactMap({ $0 }) + state.savedNotices { left += "  │  " + notice }
        let said = [state.copyNotice, quitHint, page.notice].compactMap { $0 }
        if !said.isEmpty, TextWidth.of(left) > area.width {
            // What `y`, `f` or `o` just did shows at any width: the source, said on every page,
            // gives way first (else at 30 columns the line is " ● offline catalog  │  copied…").
            left = " " + (said + state.savedNotices).joined(separator: "  │  ")
        }
        let x = buffer.put(TextWidth.truncate(left, to: area.width), at: area.origin, style: theme.statusBar.bold)
        StatusBar.putHints(strings[.detailHints], after: x, in: area, style: theme.statusBar, into: &buffer)
    }
}
