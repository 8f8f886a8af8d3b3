import Foundation
import TestSupport
import XCTest

/// Issue 27 on the real path: `--source metron` commands with a poisoned shared budget file,
/// and against a loopback Metron that asks for absurd waits.
final class MetronHostileEndToEndTests: XCTestCase {
    private var command: MetronCommand!
    private var home: URL { command.home }
    private var budgetFile: URL { home.appendingPathComponent("cache/marvel-gallery/metron-budget.json") }

    override func setUpWithError() throws { command = try MetronCommand("metron-hostile") }
    override func tearDown() { command?.remove() }

    private func metron() throws -> MetronTestServer {
        guard let server = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        return server
    }

    private func poison(_ contents: String?) throws {
        try? FileManager.default.removeItem(at: budgetFile)
        try FileManager.default.createDirectory(at: budgetFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let contents {
            try Data(contents.utf8).write(to: budgetFile)
        } else {
            try FileManager.default.createSymbolicLink(atPath: budgetFile.path, withDestinationPath: "/dev/zero")
        }
    }

    /// Taken as they are, each would trap (SIGILL, exit 132), hang silently with no request
    /// sent, or eat memory.
    func testAPoisonedBudgetFileIsSaidByDoctorAndEveryRunRecovers() throws {
        let server = try metron()
        let now = Date().timeIntervalSince1970
        let nines = Array(repeating: "9e99", count: 18).joined(separator: ",")
        let files: [(String?, String)] = [
            (#"{"recent":[],"day":"","today":0,"pausedUntil":1e16}"#, "paused until 1e+16"),
            (#"{"recent":[],"day":"","today":0,"pausedUntil":\#(now + 1e9)}"#, "paused until"),
            (#"{"recent":[\#(nines)],"day":"","today":0,"pausedUntil":0}"#, "in the future"),
            (nil, "not a regular file"),
        ]
        for (contents, problem) in files {
            try poison(contents)
            let doctor = try Spawn.status(["/usr/bin/env", "HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache",
                                           "XDG_CONFIG_HOME=\(home.path)/config", command.binary, "doctor"])
            XCTAssertTrue(doctor.output.contains("metron budget"), doctor.output)
            XCTAssertTrue(doctor.output.contains(problem), doctor.output)
            XCTAssertTrue(doctor.output.contains("ignored and rewritten"), doctor.output)
            try poison(contents)
            let started = Date()
            let (status, output) = try Spawn.status(command.argv(["characters", "--plain", "--limit", "5", "--no-cache"], server))
            XCTAssertEqual(status, 0, "\(problem): \(output)")
            XCTAssertEqual(output.split(separator: "\n").filter { $0.contains("\t") }.count, 5, output)
            XCTAssertLessThan(Date().timeIntervalSince(started), 60, problem)
            let type = try FileManager.default.attributesOfItem(atPath: budgetFile.path)[.type] as? FileAttributeType
            XCTAssertEqual(type, .typeRegular, problem)
        }
    }

    /// A loopback Metron whose every answer is `status` with `headers`.
    private func hostile(status: Int, headers: [String: String]) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in
            .respond(status: status, headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                     body: Data(#"{"count":1,"next":null,"previous":null,"results":[{"id":1,"name":"Black Bolt","modified":"2024-01-01T00:00:00-05:00"}]}"#.utf8))
        }
    }

    private func argv(_ arguments: [String], _ server: LoopbackHTTPServer, timeout: Int? = nil) -> [String] {
        (timeout.map { ["/usr/bin/timeout", "\($0)"] } ?? []) + ["/usr/bin/env", "HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache",
         "XDG_CONFIG_HOME=\(home.path)/config", "METRON_USERNAME=u", "METRON_PASSWORD=p", command.binary]
            + arguments + ["--source", "metron", "--metron-url", server.baseURL.absoluteString]
    }

    func testRetryAfter999999IsOneLineNamingMetronNotASilentStall() throws {
        // Obeyed, it would sit silent for 7 min 32 s, then say "127.0.0.1 stopped sending data".
        let server = try hostile(status: 429, headers: ["Retry-After": "999999"])
        defer { server.stop() }
        let started = Date()
        let (status, output) = try Spawn.status(argv(["characters", "--plain", "--no-cache"], server))
        XCTAssertEqual(status, 1, output)
        let lines = output.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, output)
        XCTAssertTrue(output.hasPrefix("marvel-gallery: Metron asks to wait 11 days 13 h; try again after "), output)
        XCTAssertFalse(output.contains("stalled"), output)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(server.requests.count, 1, "asked once, not again")
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: budgetFile)) as? [String: Any]
        let paused = try XCTUnwrap(state?["pausedUntil"] as? Double)
        XCTAssertLessThanOrEqual(paused, Date().timeIntervalSince1970 + 15 * 60, "the others wait 15 minutes at most")
    }

    func testAReset1e16IsHonouredUpToFifteenMinutesAndSaid() throws {
        let server = try hostile(status: 200, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1e16"])
        defer { server.stop() }
        let started = Date()
        let (status, output) = try Spawn.status(argv(["characters", "--plain", "--no-cache"], server))
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("1\tBlack Bolt"), output)
        // The next run waits what is stored (15 minutes at most) and says so at once: what is
        // left of the 15 minutes, less the seconds since the first run's answer (on a loaded
        // machine the second run starts a second or more later: "14 min 59 s").
        let (waiting, said) = try Spawn.status(argv(["characters", "--plain", "--no-cache"], server, timeout: 5))
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(waiting, 124, "still waiting after 5 s: \(said)")
        let pattern = #"marvel-gallery: Metron asks to wait [0-9]+ min( [0-9]+ s)? \(too many requests\): waiting until "#
        let sentence = try XCTUnwrap(said.range(of: pattern, options: .regularExpression).map { String(said[$0]) }, said)
        let numbers = sentence.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let left = numbers[0] * 60 + (numbers.count > 1 ? numbers[1] : 0)
        XCTAssertLessThanOrEqual(left, 15 * 60, said)
        XCTAssertGreaterThanOrEqual(Double(left), 15 * 60 - elapsed - 1, "the stored wait, counted down only by the time passed: \(said)")
    }

    /// The gallery counts a 429's wait down on the status line, then shows the list.
    func testTheGalleryCountsTheWaitDown() throws {
        try Prerequisites.tmux()
        let server = try metron()
        server.force429(count: 1, retryAfter: 6)
        let tmux = try command.tmux(["characters"], server)
        tmux.waitFor("the countdown") { GalleryScreen($0).status.contains("Metron asks to wait · 0:0") }
        let first = GalleryScreen(tmux.capture()).status
        tmux.waitFor("the countdown moving") { screen in
            let now = GalleryScreen(screen).status
            return now.contains("Metron asks to wait · 0:0") && now != first
        }
        tmux.waitFor("the list after the wait", timeout: 30) { GalleryScreen($0).names.contains("'Mazing Man") }
        tmux.send("q")
        tmux.waitFor("the program to quit") { $0.contains("EXIT:0") }
    }
}
