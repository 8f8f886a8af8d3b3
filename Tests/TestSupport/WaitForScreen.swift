import TerminalUI
import XCTest

extension XCTestCase {
    /// Polls the headless backend's screen (`waitUntil`) until `condition` holds; fails with the
    /// last screen when it never does. Shared by the tests that run the real program loop.
    public func waitForScreen(_ backend: HeadlessBackend, timeout: Double = 5, file: StaticString = #filePath,
                              line: UInt = #line, _ condition: (String) -> Bool) async {
        var screen = ""
        let matched = await waitUntil(.seconds(timeout), every: .milliseconds(10)) {
            screen = await backend.screen
            return condition(screen)
        }
        if !matched { XCTFail("screen never matched; last screen:\n\(screen)", file: file, line: line) }
    }
}
