import Foundation
@testable import GalleryApp
import XCTest

/// `o` on a detail page says "opened" only when xdg-open did not fail: with no browser it exits
/// 3 at once, which must not be reported as opened.
final class URLOpenerTests: XCTestCase {
    func testAnOpenerThatFailsIsNotCalledOpened() async {
        let url = "https://marvel.com/characters/1009610/detail"
        let failing = await SystemURLOpener(tool: "/bin/false").open(url)
        XCTAssertFalse(failing)
        let working = await SystemURLOpener(tool: "/bin/true").open(url)
        XCTAssertTrue(working)
        let absent = await SystemURLOpener(tool: nil).open(url)
        XCTAssertFalse(absent)
    }

    /// A browser that stays in the foreground is not waited for past the verdict's wait.
    func testAnOpenerStillRunningCountsAsOpened() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("browser")
        let marker = folder.appendingPathComponent("running")
        // Writes its pid, then stays until killed.
        try Data("#!/bin/sh\necho $$ > '\(marker.path)'\nexec sleep 600\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        let opened = await SystemURLOpener(tool: script.path, verdictWait: .milliseconds(200)).open("https://marvel.com/")
        XCTAssertTrue(opened)
        // A loaded machine may start the script late: wait for its pid file (not a fixed time).
        for _ in 0..<1000 where !FileManager.default.fileExists(atPath: marker.path) { try await Task.sleep(for: .milliseconds(10)) }
        let pid = try XCTUnwrap(Int32(String(decoding: try Data(contentsOf: marker), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(kill(pid, 0), 0, "the browser still runs: open did not wait for it to exit")
        kill(pid, SIGKILL)
    }
}
