import TerminalUI
import TestSupport

/// The tiles of a gallery screen (replayed on a `VirtualTerminal`) that show a pixel picture,
/// and whether the log has drawn them: on a terminal without synchronized output (xterm,
/// mlterm) a frame's pictures come after its text, so names and status line on screen do not
/// mean its pictures are written yet, and a screenshot then (after the terminal's DA answer)
/// shows the tiles empty.
enum TilePictures {
    /// The inside of each tile frame (`╭…╮` or the selected `┏…┓` at the top, down to the row
    /// above its bottom `╰` / `┗`) whose first row is blank: sixel and iTerm2 pixels are no
    /// text, a tile without a picture is hatched (`╱`), one still loading shows `···`, a
    /// half-block picture `▀`. Tiles whose bottom is off screen are left out.
    static func tiles(_ vt: VirtualTerminal) -> [Rect] {
        let screen = vt.screen, size = vt.screen.size
        var found: [Rect] = []
        for y in 0..<max(0, size.height - 1) {
            var x = 0
            while x < size.width {
                let corner = screen[x, y].symbol
                guard corner == "╭" || corner == "┏" else { x += 1; continue }
                let (right, bottom) = corner == "╭" ? ("╮", "╰") : ("┓", "┗")
                guard let r = (x + 1..<size.width).first(where: { screen[$0, y].symbol == right }),
                      let b = (y + 1..<size.height).first(where: { screen[x, $0].symbol == bottom }) else { x += 1; continue }
                let inside = Rect(x: x + 1, y: y + 1, width: r - x - 1, height: b - y - 1)
                if inside.width > 0, inside.height > 1,
                   (inside.minX..<inside.maxX).allSatisfy({ screen[$0, y + 1].symbol == " " }) {
                    found.append(inside)
                }
                x = r + 1
            }
        }
        return found
    }

    /// The tiles of `tiles` in which no picture of `draws` (where each started) lies.
    static func undrawn(_ tiles: [Rect], draws: some Collection<Point>) -> [Rect] {
        tiles.filter { tile in !draws.contains { tile.contains($0) } }
    }
}
