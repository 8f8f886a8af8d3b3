import XCTest
import TerminalUI

extension XCTestCase {
    /// Polls the fake backend's screen (every 10 ms) until `condition` holds; fails with the last
    /// screen when it never does. Shared by the tests that run the real program loop.
    func waitForScreen(_ backend: FakeBackend, timeout: Double = 5, file: StaticString = #filePath,
                       line: UInt = #line, _ condition: (String) -> Bool) async {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = await backend.screen
            if condition(screen) { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("screen never matched; last screen:\n\(screen)", file: file, line: line)
    }
}
