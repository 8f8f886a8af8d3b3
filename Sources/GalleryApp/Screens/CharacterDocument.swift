import TerminalUI

/// The details of a character: name, modified date, description, links, then the appearance
/// tabs (comics as a strip of covers, series/stories/events as lists).
enum CharacterDocument {
    static func write(_ character: CharacterDetail, page: DetailPage, strings: Strings, theme: Theme,
                      into writer: inout DocumentWriter) {
        writer.begin("title")
        writer.text(character.name, style: theme.title)
        if let modified = character.modified {
            writer.text(strings.text(.detailModified, strings.date(modified)), style: theme.secondary)
        }
        writer.blank()
        writer.begin("description")
        if character.description.isEmpty {
            writer.text(strings[.cardNoDescription], style: theme.secondary.italic)
        } else {
            writer.text(character.description)
        }
        writer.blank()
        DetailSections.links(character.links, selected: page.linkIndex, strings: strings, theme: theme, into: &writer)
        writer.begin("appearances")
        let tabs = AppearanceTab.allCases.map { tab in
            (tab, strings[tab.titleKey], strings.number(character.appearances(tab).available))
        }
        writer.add(height: 1) { buffer, y, width in
            var x = 0
            for (n, (tab, title, count)) in tabs.enumerated() {
                let label = " \(n + 1) \(title) \(count) "
                let style = tab == page.tab ? theme.selectedName : theme.title
                x += buffer.put(label, at: Point(x: x, y: y), style: style, maxWidth: max(0, width - x))
                x += 1
            }
        }
        writer.blank()
        writer.begin("tab")
        if page.tab == .comics {
            DetailSections.strip(page.strip, empty: strings[.stripNoComics], strings: strings, theme: theme, into: &writer)
        } else {
            let list = character.appearances(page.tab)
            if list.items.isEmpty {
                writer.text(strings[.detailNone], style: theme.secondary)
            }
            for item in list.items { writer.text("• " + item, indent: 1) }
            if list.available > list.items.count && !list.items.isEmpty {
                writer.text(strings.text(.detailMore, strings.number(list.available - list.items.count)),
                            style: theme.secondary, indent: 1)
            }
        }
    }
}

extension AppearanceTab {
    var titleKey: StringKey {
        switch self {
        case .comics: return .tabComics
        case .series: return .tabSeries
        case .stories: return .tabStories
        case .events: return .tabEvents
        }
    }
}

/// Blocks both detail pages share: the links and the strip of pictures.
enum DetailSections {
    static func links(_ links: [DetailLink], selected: Int, strings: Strings, theme: Theme, into writer: inout DocumentWriter) {
        guard !links.isEmpty else { return }
        writer.begin("links")
        writer.heading(strings[.detailLinks], theme: theme)
        let typeWidth = links.map { TextWidth.of($0.type) }.max() ?? 0
        for (n, link) in links.enumerated() {
            writer.add(height: 1) { buffer, y, width in
                let isSelected = n == selected
                let marker = isSelected ? "▶ " : "  "
                var x = buffer.put(marker, at: Point(x: 0, y: y), style: theme.selectedFrame)
                let label = link.type.padding(toLength: typeWidth, withPad: " ", startingAt: 0)
                x += buffer.put(label, at: Point(x: x, y: y), style: isSelected ? theme.selectedName : theme.title)
                x += 2
                // OSC 8: the URL is the link target of its own text, so a click opens it too.
                buffer.put(TextWidth.truncate(link.url, to: max(0, width - x)), at: Point(x: x, y: y),
                           style: theme.link.link(link.url))
            }
        }
        writer.blank()
    }

    /// Covers side by side with their titles, the selected one's title in the accent, then a
    /// line saying where the strip is (position, loading, failure).
    static func strip(_ strip: CoverStrip, empty: String, strings: Strings, theme: Theme, into writer: inout DocumentWriter) {
        writer.markStrip()
        let list = strip.list
        let failure = list.failure.map { strings.failure($0) }
        if list.isEmpty {
            let text: String
            let style: Style
            if let failure {
                text = "⚠ " + strings.text(.pageError, failure) + " · " + strings[.retryHint]
                style = theme.warningText
            } else if list.endReached {
                text = empty
                style = theme.secondary
            } else {
                text = strings[.stripLoading]
                style = theme.secondary
            }
            writer.add(height: CoverStrip.height + 1) { buffer, y, width in
                buffer.put(text, at: Point(x: 0, y: y + CoverStrip.height / 2), style: style, maxWidth: width)
            }
            return
        }
        writer.add(height: CoverStrip.height) { buffer, y, width in
            let visible = CoverStrip.visibleCount(width: width)
            for index in strip.visibleRange(visible) {
                let x = (index - strip.first) * (CoverStrip.coverColumns + CoverStrip.gap)
                let frame = Rect(x: x, y: y, width: CoverStrip.coverColumns, height: CoverStrip.coverRows)
                // A gap on its way: an empty cover titled "…", as in the grids.
                let item = list.item(at: index) ?? GalleryCharacter(id: -1, name: "…")
                if item.id == -1 {
                    TileView.drawLoading(in: frame, theme: theme, into: &buffer)
                } else if let image = strip.images[item.id] {
                    buffer.render(HalfBlockImage(image), in: frame)
                } else if item.thumbnail == nil || item.thumbnail?.isPlaceholder == true
                            || strip.failed.contains(where: { $0.itemID == item.id }) {
                    TileView.drawPlaceholder(for: item.name, in: frame, theme: theme, into: &buffer)
                } else {
                    TileView.drawLoading(in: frame, theme: theme, into: &buffer)
                }
                let selected = index == strip.selection
                let titleRow = Rect(x: x, y: y + CoverStrip.coverRows, width: CoverStrip.coverColumns, height: 1)
                if selected { buffer.fill(titleRow, with: Cell(" ", style: theme.selectedName)) }
                buffer.put(TextWidth.truncate(item.name, to: CoverStrip.coverColumns), at: titleRow.origin,
                           style: selected ? theme.selectedName : theme.secondary, maxWidth: CoverStrip.coverColumns)
            }
        }
        var where_ = strings.text(.countOf, strings.number(strip.selection + 1), strings.number(list.positionTotal ?? list.count))
        var style = theme.secondary
        if let failure {
            where_ += " · ⚠ " + strings.text(.pageError, failure)
            style = theme.warningText
        } else if list.isLoading {
            where_ += " · " + strings[.loadingMore]
        }
        where_ += " · " + strings[.stripHint]
        writer.text(where_, style: style)
    }
}
