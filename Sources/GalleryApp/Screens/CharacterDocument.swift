import Foundation
import MarvelAPI
import TerminalUI

/// The details of a character: name, modified date, description, links, then the tabs of its
/// comics, series, stories and events, each a strip of pictures that open their own pages.
enum CharacterDocument {
    static func write(_ character: CharacterDetail, page: DetailPage, strings: Strings, theme: Theme,
                      into writer: inout DocumentWriter) {
        writer.begin("title")
        writer.text(character.name, style: theme.title)
        DetailSections.modified(character.modified, strings: strings, theme: theme, into: &writer)
        writer.blank()
        DetailSections.description(character.description, strings: strings, theme: theme, into: &writer)
        DetailSections.links(character.links, selected: page.linkIndex, strings: strings, theme: theme, into: &writer)
        DetailSections.tabs(of: page, strings: strings, theme: theme, into: &writer)
    }
}

extension MarvelResource {
    /// The title of this type's tab on a detail page.
    var tabKey: StringKey {
        switch self {
        case .characters: .tabCharacters
        case .comics: .tabComics
        case .creators: .tabCreators
        case .events: .tabEvents
        case .series: .tabSeries
        case .stories: .tabStories
        }
    }
}

/// Blocks every detail page shares: the modified date, the description, the links, the tabs of
/// related lists and their strip of pictures.
enum DetailSections {
    static func modified(_ date: Date?, strings: Strings, theme: Theme, into writer: inout DocumentWriter) {
        guard let date else { return }
        writer.text(strings.text(.detailModified, strings.date(date)), style: theme.secondary)
    }

    /// The description (or a quiet "no description"), then a blank line.
    static func description(_ text: String, strings: Strings, theme: Theme, into writer: inout DocumentWriter) {
        writer.begin("description")
        if text.isEmpty {
            writer.text(strings[.noDescription], style: theme.secondary.italic)
        } else {
            writer.text(text)
        }
        writer.blank()
    }

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

    /// The related lists as numbered tabs with their counts (the one shown highlighted), then
    /// the shown one's strip.
    static func tabs(of page: DetailPage, strings: Strings, theme: Theme, into writer: inout DocumentWriter) {
        writer.begin("tabs")
        let rows = tabRows(of: page, width: writer.width, strings: strings)
        writer.add(height: rows.count) { buffer, y, width in
            for (n, row) in rows.enumerated() {
                for (tab, label, x) in row {
                    // The others plain, not bold: under NO_COLOR the selected tab's red is
                    // gone and bold alone must tell it apart.
                    let style = tab == page.tab ? theme.selectedName : theme.name
                    buffer.put(label, at: Point(x: x, y: y + n), style: style, maxWidth: max(0, width - x))
                }
            }
        }
        writer.blank()
        writer.begin("tab")
        strip(page.strip, empty: strings[.detailNone], strings: strings, theme: theme, into: &writer)
    }

    /// The tab under column `x` of line `row` of the tabs.
    static func tab(at x: Int, row: Int, of page: DetailPage, width: Int, strings: Strings) -> MarvelResource? {
        let rows = tabRows(of: page, width: width, strings: strings)
        guard rows.indices.contains(row) else { return nil }
        return rows[row].first { _, label, start in (start..<start + TextWidth.of(label)).contains(x) }?.0
    }

    /// The tab labels (" 2 Series 6 ") laid out in as many lines as the width needs.
    private static func tabRows(of page: DetailPage, width: Int, strings: Strings) -> [[(MarvelResource, String, Int)]] {
        var rows: [[(MarvelResource, String, Int)]] = [[]]
        var x = 0
        for (n, tab) in page.subject.tabs.enumerated() {
            let count = page.content?.unknownCounts.contains(tab) == true ? "…" : strings.number(page.content?.count(of: tab) ?? 0)
            let label = " \(n + 1) \(strings[tab.tabKey]) \(count) "
            let labelWidth = TextWidth.of(label)
            if x > 0 && x + labelWidth > width {
                rows.append([])
                x = 0
            }
            rows[rows.count - 1].append((tab, label, x))
            x += labelWidth + 1
        }
        return rows
    }

    /// Covers side by side with their titles, the selected one's title in the accent, then a
    /// line saying where the strip is (position, loading, failure).
    static func strip(_ strip: CoverStrip, empty: String, strings: Strings, theme: Theme, into writer: inout DocumentWriter) {
        writer.markStrip()
        if strip.count == 0 {
            let text: String
            let style: Style
            if let failure = strip.failure {
                text = "⚠ " + strings.text(.pageError, failure) + " · " + strings[.retryHint]
                style = theme.warningText
            } else if strip.endReached {
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
            let end = min(strip.count, strip.first + visible)
            let shown = (min(strip.first, end)..<end).compactMap { index in strip.item(at: index).map { (index, $0.title) } }
            let labels = Dictionary(uniqueKeysWithValues: zip(shown.map(\.0), TileLabel.fit(shown.map(\.1), to: CoverStrip.coverColumns)))
            for index in min(strip.first, end)..<end {
                let x = (index - strip.first) * (CoverStrip.coverColumns + CoverStrip.gap)
                let frame = Rect(x: x, y: y, width: CoverStrip.coverColumns, height: CoverStrip.coverRows)
                guard let item = strip.item(at: index) else {  // a gap: its page is on its way
                    TileView.drawLoading(in: frame, theme: theme, into: &buffer)
                    continue
                }
                if let image = strip.images[item.id] {
                    buffer.render(HalfBlockImage(image, staysUnderText: true), in: frame)
                } else if item.thumbnail == nil || item.thumbnail?.isPlaceholder == true
                            || strip.failed.contains(where: { $0.itemID == item.id }) {
                    TileView.drawPlaceholder(for: item.title, in: frame, theme: theme, into: &buffer)
                } else {
                    TileView.drawLoading(in: frame, theme: theme, into: &buffer)
                }
                let selected = index == strip.selection
                let titleRow = Rect(x: x, y: y + CoverStrip.coverRows, width: CoverStrip.coverColumns, height: 1)
                if selected { buffer.fill(titleRow, with: Cell(" ", style: theme.selectedName)) }
                // Cut as the grid's labels are: a strip of one series keeps each cover's `#N`
                // ("Marvel… #3", not nine "Marvel's …"), and covers shown together read differently.
                buffer.put(labels[index] ?? TileLabel.fit(item.title, to: CoverStrip.coverColumns), at: titleRow.origin,
                           style: selected ? theme.selectedName : theme.secondary, maxWidth: CoverStrip.coverColumns)
            }
        }
        var where_ = strings.text(.countOf, strings.number(strip.selection + 1), strings.number(strip.total ?? strip.count))
        var style = theme.secondary
        if let failure = strip.failure {
            where_ += " · ⚠ " + strings.text(.pageError, failure)
            style = theme.warningText
        } else if strip.pending != nil {
            where_ += " · " + strings[.loadingMore]
        }
        where_ += " · " + strings[.stripHint]
        writer.text(where_, style: style)
    }
}
