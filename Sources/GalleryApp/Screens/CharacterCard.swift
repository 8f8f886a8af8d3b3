import TerminalUI

/// Enter on a tile: a quick-look card with the picture, the name, the description and the
/// appearance counts. (The full detail screen is a later issue; this card is what Enter and
/// double click open until then.)
enum CharacterCard {
    static func render(_ character: GalleryCharacter, image: TileImage?, strings: Strings,
                       in area: Rect, theme: Theme, into buffer: inout Buffer) {
        let width = min(area.width, 72)
        let pictureWidth = image.map { min($0.columns, width / 3) } ?? 0
        let textWidth = max(10, width - 4 - (pictureWidth > 0 ? pictureWidth + 2 : 0))
        let description = character.description.isEmpty ? strings[.cardNoDescription] : character.description
        let body = Paragraph.wrap(description, width: textWidth)
        let counts = strings.text(.cardAppearances, character.comicsAvailable, character.seriesAvailable,
                                  character.storiesAvailable, character.eventsAvailable)
        let bodyRows = max(body.count + 2 + Paragraph.wrap(counts, width: textWidth).count, image?.rows ?? 0)
        let height = min(area.height, bodyRows + 4)
        let box = area.centered(Size(width: width, height: height))
        buffer.fill(box, with: .blank)
        buffer.render(Border(title: character.name, style: theme.selectedFrame), in: box)
        var inner = Border.inner(box).inset(horizontal: 1, vertical: 0)
        let footer = inner.splitBottom(1)
        buffer.render(Paragraph(strings[.cardHint], style: theme.secondary, alignment: .center, wrap: false),
                      in: footer.bottom)
        inner = footer.rest
        if let image, pictureWidth > 0 {
            let split = inner.splitLeft(pictureWidth)
            TileView.draw(image, in: Rect(x: split.left.x, y: split.left.y, width: split.left.width,
                                          height: min(split.left.height, image.rows)), into: &buffer)
            inner = split.rest.inset(horizontal: 1, vertical: 0)
            inner = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 1, height: inner.height)
        }
        let text = description + "\n\n" + counts
        buffer.render(Paragraph(text), in: inner)
        buffer.setStyle(theme.secondary, in: Rect(x: inner.x, y: inner.y + body.count + 1, width: inner.width, height: inner.height - body.count - 1))
    }
}
