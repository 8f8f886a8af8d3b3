import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Closing the terminal (issue 36): the program runs as a session leader on a pseudo-terminal
/// that is its controlling terminal, and the test closes the master at moments from start-up
/// to a paste still arriving. Once the terminal is set up it exits with 129 of its own (never
/// SIGILL), within a second, and leaves no temporary directory of its own.
final class HangUpEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    func testClosingTheTerminalAtAnyMomentEndsWith129AndNoFilesLeft() throws {
        var statuses: [String: Int] = [:]
        var slowest = 0.0
        for attempt in 0..<20 {
            let home = try temporaryDirectory().path, tmp = try temporaryDirectory().path
            let program = try PtyProcess(["characters"], environment: [
                "XDG_DATA_HOME": home + "/data", "TMPDIR": tmp, "TERM": "xterm-kitty", "MARVEL_GALLERY_GRAPHICS": "kitty",
                "MARVEL_GALLERY_GRAPHICS_TRANSFER": "file"], home: home, rows: 40, columns: 120, controlling: true)
            // The first four close during start-up; the rest once the grid is up (its
            // alternate screen entered), after 0 to 0.8 s.
            let early = attempt < 4
            if !early {
                XCTAssertTrue(program.read(until: { $0.contains("\u{1B}[?1049h") }, seconds: 30), "attempt \(attempt): no first screen")
            }
            let before = early ? 0.2 * Double(attempt) : 0.05 * Double(attempt - 4)
            program.read(for: before)
            if attempt % 2 == 1 {
                // A search with a paste still arriving (its end never comes).
                program.type("/\u{1B}[200~" + String(repeating: "x", count: 3000))
                program.read(for: 0.05)
            }
            let closed = Date()
            program.hangUp()
            let outcome = program.outcome(within: 10)
            let seconds = Date().timeIntervalSince(closed)
            slowest = max(slowest, seconds)
            statuses[outcome, default: 0] += 1
            // Before the terminal is set up, the default hang-up disposition may end it (the
            // shell says 129 too; no file exists yet); from then on it is the program's own 129.
            if early {
                XCTAssertTrue(["exit 129", "killed by signal 1"].contains(outcome), "attempt \(attempt) (start-up + \(before) s): \(outcome)")
            } else {
                XCTAssertEqual(outcome, "exit 129", "attempt \(attempt) (grid + \(before) s)")
            }
            XCTAssertLessThan(seconds, 1, "attempt \(attempt): the process outlived its terminal")
            // The user's own directory (`KittyTempFiles.privateDirectory`) stays, empty.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp + "/marvel-gallery-\(getuid())")) ?? []
            XCTAssertEqual(left, [], "attempt \(attempt): temporary files left")
        }
        print("hang-up: \(statuses) in 20 tries, slowest exit \(String(format: "%.3f", slowest)) s after the terminal closed")
    }
}
