import Foundation
import TestSupport
import XCTest

/// Issue 23: the real program pages lists 100 at a time. On a 200x60 tmux pane against
/// `serve --synthetic 50000x2000` (which counts every list request it answers), the first
/// screen and 40 PageDowns take at most 12 list requests (pages of 20 took 51).
final class PageOfHundredEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
    }

    /// The selected position of the status line's "N of 50,000".
    private func position(_ screen: String) -> Int? {
        let status = GalleryScreen(screen).status
        guard let range = status.range(of: #"[0-9,]+ of 50,000"#, options: .regularExpression) else { return nil }
        return Int(status[range].split(separator: " ")[0].replacingOccurrences(of: ",", with: ""))
    }

    func testFortyPageDownsAt200x60TakeAtMostTwelveListRequests() throws {
        let server = try ServeProcess(executable: executable, extraArguments: ["--synthetic", "50000x2000"], timeout: 120)
        _ = try server.post("/debug/reset")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mg-e2e-pages-\(getpid())")
        addTeardownBlock { try? FileManager.default.removeItem(at: cache) }
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --image-cache \(TmuxSession.quote(cache.path)) --base-url \(server.baseURL.absoluteString)",
            width: 200, height: 60)
        var screen = tmux.waitFor("the first screen", timeout: 60) { self.position($0) != nil && !GalleryScreen($0).names.contains("…") }
        var last = try XCTUnwrap(position(screen))
        for press in 1...40 {
            tmux.send("NPage")
            // The terminal's own signal: the status line moved on and no tile is a gap.
            screen = tmux.waitFor("PageDown \(press) drawn", timeout: 30) { text in
                guard let now = self.position(text) else { return false }
                return now > last && !GalleryScreen(text).names.contains("…")
            }
            last = try XCTUnwrap(position(screen))
        }
        // No list page on its way ("loading more…" gone from the status line) before counting.
        tmux.waitFor("the last screen", timeout: 30) {
            self.position($0) == last && !GalleryScreen($0).status.contains("loading more")
        }
        let requests = try server.hits(path: "/v1/public/characters")
        print("PageOfHundredEndToEndTests: first screen + 40 PageDowns at 200x60 = \(requests) list requests, at \(last) of 50,000")
        // A PageDown moves a screen (8x3 tiles at 200x60): at least two tile rows each.
        let columns = GalleryScreen(screen).columns
        XCTAssertGreaterThan(columns, 0)
        XCTAssertGreaterThanOrEqual(last, 1 + 40 * 2 * columns, "40 screens down")
        XCTAssertGreaterThanOrEqual(requests, 1)
        XCTAssertLessThanOrEqual(requests, 12)
    }
}
