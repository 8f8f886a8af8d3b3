import Foundation
import XCTest
import TestSupport

/// Every way out of a run that drew kitty pictures deletes them all first (`a=d,d=A`): q,
/// SIGTERM, a crash (the async-signal-safe restore bytes) and Ctrl-Z (after `fg` the picture
/// is sent again, since leaving freed it). `script` logs the exact bytes the demo writes.
final class KittyExitPathsEndToEndTests: XCTestCase {
    private var tmux: Tmux!
    private var dir: URL!
    private let deleteAll = "\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
    private let transmit = "\u{1B}_Ga=t,"

    override func setUpWithError() throws {
        guard Tmux.path != nil else { throw XCTSkip("tmux is not installed") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("script is not installed") }
        let exe = RepoPaths.executable
        guard FileManager.default.isExecutableFile(atPath: exe.path) else { throw XCTSkip("\(exe.path) is missing") }
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("mg-kitty-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "echo $$ > '\(dir.path)/pid'; exec '\(exe.path)' demo --graphics kitty\n"
            .write(to: dir.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        tmux = try Tmux(width: 80, height: 24)
        try tmux.waitFor(text: "$")
    }

    override func tearDown() {
        tmux?.kill()
        if let dir { try? FileManager.default.removeItem(at: dir) }
    }

    private var log: String {
        (try? String(decoding: Data(contentsOf: dir.appendingPathComponent("log")), as: UTF8.self)) ?? ""
    }

    private var pid: pid_t {
        get throws { pid_t(try String(contentsOf: dir.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))! }
    }

    private func count(_ needle: String) -> Int { log.components(separatedBy: needle).count - 1 }

    private func waitUntil(_ what: String, timeout: Double = 20, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { XCTFail("timed out waiting for \(what); log tail: \(log.suffix(300).debugDescription)"); return }
            usleep(50_000)
        }
    }

    /// Starts the demo outside tmux's view of itself (a kitty TERM, no TMUX), so it places
    /// pictures directly; waits for the picture to be sent.
    private func start(env: String = "") {
        tmux.run("clear; env -u TMUX TERM=xterm-kitty \(env) script -q -f -c 'sh \(dir.path)/run.sh' \(dir.path)/log")
        waitUntil("the picture") { count(transmit) == 1 && log.contains("a=p,") }
    }

    /// After the last picture: the delete, then the main screen.
    private func assertDeletedBeforeLeaving(transmits: Int = 1) {
        waitUntil("the leave bytes") { log.contains("\u{1B}[?1049l") && count(deleteAll) == transmits }
        let end = log.components(separatedBy: transmit).last ?? ""
        let delete = end.range(of: deleteAll), leave = end.range(of: "\u{1B}[?1049l")
        XCTAssertNotNil(delete)
        if let delete, let leave { XCTAssertLessThan(delete.lowerBound, leave.lowerBound, "deleted on the alternate screen") }
        XCTAssertEqual(count(transmit), transmits)
    }

    func testQuit() throws {
        start()
        tmux.sendKeys("q")
        assertDeletedBeforeLeaving()
    }

    func testSIGTERM() throws {
        start()
        XCTAssertEqual(Foundation.kill(try pid, SIGTERM), 0)
        assertDeletedBeforeLeaving()
    }

    func testCrashRestoreBytes() throws {
        start(env: "MARVEL_GALLERY_TEST_CRASH=1")
        tmux.sendKeys("!")
        assertDeletedBeforeLeaving()
    }

    func testCtrlZDeletesAndFgSendsThePictureAgain() throws {
        // A shell inside `script`, so the demo is a job it can stop and bring back.
        tmux.run("clear; env -u TMUX TERM=xterm-kitty script -q -f -c 'bash --norc --noprofile' \(dir.path)/log")
        waitUntil("the inner shell") { log.contains("bash-") }
        tmux.run("sh \(dir.path)/run.sh")
        waitUntil("the picture") { count(transmit) == 1 && log.contains("a=p,") }
        tmux.sendKeys("C-z")
        waitUntil("the suspend's leave") { count(deleteAll) == 1 }
        tmux.run("fg")
        waitUntil("the picture again after fg") { count(transmit) == 2 }
        tmux.sendKeys("q")
        assertDeletedBeforeLeaving(transmits: 2)
    }
}
