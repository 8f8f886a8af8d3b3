import Foundation
import XCTest

/// A real-kitty run leaves nothing behind: `script` keeps its own pty open, so stopping kitty
/// alone left the wrapper and an idle `marvel-gallery` running after every kitty test (they
/// piled up on a CI machine). `KittyRun.stop()` ends both process groups first.
final class KittyRunTeardownEndToEndTests: XCTestCase {
    func testStoppingARunLeavesNoWrapperNorProgramRunning() throws {
        let run = try KittyRun("characters")
        run.waitFor("the first screen's pictures") { $0.graphics.placements.count >= 10 }
        let groups = run.processGroups
        XCTAssertEqual(groups.count, 2, "the wrapper and the program wrote their pids")
        let before = groups.flatMap(Self.members(ofGroup:))
        XCTAssertTrue(before.contains { $0.name == "script" }, "script runs: \(before)")
        XCTAssertTrue(before.contains { $0.name.hasPrefix("marvel-gallery") }, "the program runs: \(before)")
        run.stop()
        // The kernel's own account (/proc, what `ps` reads) until every member is gone.
        var left = before
        let deadline = Date().addingTimeInterval(30)
        while !left.isEmpty, Date() < deadline {
            usleep(100_000)
            left = groups.flatMap(Self.members(ofGroup:))
        }
        XCTAssertEqual(left.map(\.name), [], "still running after stop(): \(left)")
    }

    /// Processes in process group `group` (from /proc/PID/stat: comm, then state, ppid, pgrp),
    /// zombies included (a process not yet reaped is still left).
    static func members(ofGroup group: pid_t) -> [(pid: pid_t, name: String)] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
        return pids.compactMap { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == group else { return nil }
            return (pid, String(stat[stat.index(after: open)..<close]))
        }
    }
}
