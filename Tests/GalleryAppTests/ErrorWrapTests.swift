import XCTest
@testable import GalleryApp
import TerminalUI

/// A long error is read whole at any width: it wraps instead of being cut to one line.
final class ErrorWrapTests: XCTestCase {
    static let message = "Couldn't connect to server 127.0.0.1 port 8080 after 3 attempts: connection refused by the remote host"

    private func words(_ text: String) -> [String] {
        text.split { $0 == " " || $0 == "\n" || $0 == "│" }.map(String.init)
    }

    func testFirstPageErrorWrapsAt40Columns() {
        for width in [40, 60, 120] {
            let size = Size(width: width, height: 15)
            var h = Harness(size: size)
            h.send(.resized(size))
            let first = h.pendingFetches.removeFirst()
            h.send(.pageLoaded(first, .failure(PageFailure(Self.message))))
            var buffer = Buffer(size: size)
            GalleryView.render(h.state, into: &buffer)
            let screen = words(buffer.text.replacingOccurrences(of: "\n", with: " "))
            // Every word of the message is on screen, whole (the status line may also cut it).
            for word in words(Self.message) {
                XCTAssertTrue(screen.contains(word), "\(width) columns: \"\(word)\" missing from\n\(buffer.text)")
            }
            XCTAssertFalse(buffer.text.split(separator: "\n").dropLast().contains { $0.contains("…") && $0.contains("Couldn") },
                           "the error is cut on the grid:\n\(buffer.text)")
        }
    }
}
