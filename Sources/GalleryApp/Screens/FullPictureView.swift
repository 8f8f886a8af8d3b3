import TerminalUI

/// `z`: the picture over the whole screen, centred (the pipeline letterboxes it in the box),
/// and one line under it: the name, or why there is no picture; any key goes back.
enum FullPictureView {
    static func render(_ state: AppState, _ full: FullPicture, theme: Theme, into buffer: inout Buffer) {
        let whole = Rect(x: 0, y: 0, width: buffer.size.width, height: buffer.size.height)
        buffer.fill(whole, with: Cell(" "))
        let box = state.fullPictureBox
        if let image = full.image, image.cols == box.width, image.rows == box.height {
            buffer.render(HalfBlockImage(image), in: box)
        } else if let image = full.image {
            // A resize: the picture of the old size, centred, until the new one comes.
            let fitted = Size(width: min(image.cols, box.width), height: min(image.rows, box.height))
            buffer.render(HalfBlockImage(image), in: box.centered(fitted))
        }
        let strings = state.strings
        let text = full.isEmpty ? strings.text(.fullPictureNone, full.name)
            : full.image == nil ? strings.text(.fullPictureLoading, full.name)
            : strings.text(.fullPictureCaption, full.name)
        let line = Rect(x: 0, y: whole.maxY - 1, width: whole.width, height: 1)
        buffer.fill(line, with: Cell(" ", style: theme.statusBar))
        let shown = TextWidth.truncate(" " + text, to: line.width)
        buffer.put(shown, at: Point(x: line.x, y: line.y), style: full.isEmpty ? theme.statusBar.bold : theme.statusBar)
    }
}
