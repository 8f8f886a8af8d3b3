import Foundation
import XCTest

extension TmuxSession {
    /// Waits until the program has read every key sent so far and the pane holds whole frames,
    /// by the program's own answer instead of the screen ceasing to change: `?` opens the help,
    /// and keys are read and frames written in order, so the help on screen means every key
    /// before it was handled and every frame before it reached tmux. Any key closes the help;
    /// once its bottom border is gone, the frame that closed it is in too.
    /// Only where `?` is the help key (the grids and the detail pages, not a text field), and
    /// not straight after an Esc (the two would be read as Alt-?): wait for Esc's screen first.
    ///
    /// The help's bottom border is the last row either frame writes (the status line is the
    /// same with the help open): tmux 3.3 has no synchronized output and a capture can fall
    /// inside a frame, so its footer line gone with its border still there is a frame half in
    /// (the row under the footer still the help's, read as a tile's bottom frame).
    func waitForKeysRead(file: StaticString = #filePath, line: UInt = #line) {
        send("?")
        var border = ""
        // A help taller than the screen scrolls and says so on its frame ("other keys close").
        waitFor("the whole help, after every key before it", file: file, line: line) { screen in
            guard screen.contains("any key closes this help") || screen.contains("other keys close"),
                  let bottom = Self.helpBottomBorder(screen) else { return false }
            border = bottom
            return true
        }
        send("Escape")
        waitFor("the help closed, its bottom border too", file: file, line: line) {
            !$0.contains("any key closes this help") && !$0.contains("other keys close") && !$0.contains("─ Keys ─")
                && !$0.contains(border)
        }
    }

    /// The help box's bottom border (`╰───╯` as wide as its `╭─ Keys ──╮` top) when the screen
    /// shows it: the help's last row, so the whole box is drawn. Wider than any tile's frame.
    static func helpBottomBorder(_ screen: String) -> String? {
        let lines = screen.components(separatedBy: "\n")
        guard let top = lines.first(where: { $0.contains("╭─ Keys ─") }), let start = top.range(of: "╭─ Keys ─"),
              let end = top[start.lowerBound...].firstIndex(of: "╮") else { return nil }
        let width = top.distance(from: start.lowerBound, to: end) + 1
        let border = "╰" + String(repeating: "─", count: max(0, width - 2)) + "╯"
        return lines.contains { $0.contains(border) } ? border : nil
    }
}
