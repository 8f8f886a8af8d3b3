import TerminalUI

/// The details of a comic: title, issue/format/pages, on-sale date, prices, creators,
/// description, series, variants, links, and the tabs of its characters, creators, series,
/// stories and events.
enum ComicDocument {
    static func write(_ comic: ComicDetail, page: DetailPage, strings: Strings, theme: Theme,
                      into writer: inout DocumentWriter) {
        writer.begin("title")
        writer.text(comic.title, style: theme.title)
        var facts: [String] = []
        if comic.issueNumber > 0 { facts.append(strings.text(.comicIssue, strings.issue(comic.issueNumber))) }
        if !comic.format.isEmpty { facts.append(comic.format) }
        if comic.pageCount > 0 { facts.append(strings.text(.comicPages, strings.number(comic.pageCount))) }
        if !facts.isEmpty {
            writer.add(height: 1) { buffer, y, width in
                var x = 0
                for (n, fact) in facts.enumerated() {
                    let isFormat = !comic.format.isEmpty && fact == comic.format
                    if n > 0 { x += buffer.put(" · ", at: Point(x: x, y: y), style: theme.secondary, maxWidth: max(0, width - x)) }
                    x += buffer.put(fact, at: Point(x: x, y: y),
                                    style: isFormat ? FormatPalette.labelStyle(comic.format) : .plain,
                                    maxWidth: max(0, width - x))
                }
            }
        }
        if let onSale = comic.onSaleDate {
            writer.text(strings.text(.comicOnSale, strings.date(onSale)))
        }
        let prices = comic.prices.filter { $0.amount > 0 }.map { price in
            strings.price(price.amount) + " (" + (price.type == "printPrice" ? strings[.pricePrint]
                : price.type == "digitalPurchasePrice" ? strings[.priceDigital] : price.type) + ")"
        }
        if !prices.isEmpty { writer.text(strings[.comicPrice] + ": " + prices.joined(separator: " · ")) }
        writer.blank()
        if !comic.creators.isEmpty {
            writer.begin("creators")
            writer.heading(strings[.comicCreators], theme: theme)
            for credit in comic.creators {
                writer.text(credit.name + (credit.role.isEmpty ? "" : " — " + credit.role), indent: 2)
            }
            writer.blank()
        }
        DetailSections.description(comic.description, strings: strings, theme: theme, into: &writer)
        if let series = comic.series {
            writer.begin("series")
            writer.heading(strings[.tabSeries], theme: theme)
            writer.text(series, indent: 2)
            writer.blank()
        }
        if !comic.variants.isEmpty {
            writer.begin("variants")
            writer.heading(strings[.comicVariants], theme: theme)
            for variant in comic.variants { writer.text("• " + variant, indent: 2) }
            writer.blank()
        }
        DetailSections.links(comic.links, selected: page.linkIndex, strings: strings, theme: theme, into: &writer)
        DetailSections.tabs(of: page, strings: strings, theme: theme, into: &writer)
    }
}
