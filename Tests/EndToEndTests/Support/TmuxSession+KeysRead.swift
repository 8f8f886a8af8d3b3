import Foundation
import XCTest

extension TmuxSession {
    /// Waits until the program has read every key sent so far and the pane holds whole frames,
    /// by the program's own answer instead of the screen ceasing to change: `?` opens the help,
    /// and keys are read and frames written in order, so the help on screen means every key
    /// before it was handled and every frame before it reached tmux. Any key closes the help;
    /// once its title and last line are gone, the frame that closed it is in too.
    /// Only where `?` is the help key (the grids and the detail pages, not a text field), and
    /// not straight after an Esc (the two would be read as Alt-?): wait for Esc's screen first.
    func waitForKeysRead(file: StaticString = #filePath, line: UInt = #line) {
        send("?")
        // A help taller than the screen scrolls and says so on its frame ("other keys close").
        waitFor("the help, after every key before it", file: file, line: line) {
            $0.contains("any key closes this help") || $0.contains("other keys close")
        }
        send("Escape")
        waitFor("the help closed", file: file, line: line) {
            !$0.contains("any key closes this help") && !$0.contains("other keys close") && !$0.contains("─ Keys ─")
        }
    }
}
