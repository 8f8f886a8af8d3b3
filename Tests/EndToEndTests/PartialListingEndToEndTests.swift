import Foundation
import TestSupport
import XCTest

/// Tolerant paging keeps what it has (issue 22, item 5): a real recorded page of 20 characters
/// with one record's name removed, replayed for every offset by a server that ignores `offset`.
/// The 19 good records are printed (and drawn), one stderr line says why paging stopped, and
/// the exit status is 3 ("partial") only when fewer than `--limit` came back.
final class PartialListingEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }

    override func setUpWithError() throws {
        try Prerequisites.program()
    }

    /// The program with stdout and stderr kept apart (a shell redirects stderr to a file).
    private func run(_ arguments: [String], cache: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let errFile = cache.appendingPathComponent("stderr-\(UUID().uuidString.prefix(6))")
        let line = ([executable.path] + arguments).map(TmuxSession.quote).joined(separator: " ")
            + " 2>" + TmuxSession.quote(errFile.path)
        let r = try Spawn.status(["/usr/bin/env", "XDG_CACHE_HOME=\(cache.path)", "/bin/sh", "-c", line])
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        return (r.status, r.output, stderr)
    }

    /// The 2014 recording (20 of 1394 characters) with the first record's name removed, and the 19
    /// good names in order.
    private func namelessPage() throws -> (body: Data, goodNames: [String]) {
        guard let shared = RepoPaths.shared else { throw XCTSkip("../shared is absent: no recordings on this clone") }
        let data = try Data(contentsOf: shared.appendingPathComponent("marvel-recorded/o-i-marvel-2014/characters/characters.json"))
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var container = try XCTUnwrap(json["data"] as? [String: Any])
        var results = try XCTUnwrap(container["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 20)
        let goodNames = results.dropFirst().compactMap { $0["name"] as? String }
        results[0].removeValue(forKey: "name")
        container["results"] = results
        json["data"] = container
        return (try JSONSerialization.data(withJSONObject: json), goodNames)
    }

    /// A tile label (cut in the middle with "…" when long) shows `name`.
    static func fits(_ label: String, _ name: String) -> Bool {
        let parts = label.components(separatedBy: "…")
        return name.hasPrefix(parts[0]) && name.hasSuffix(parts.count > 1 ? parts[parts.count - 1] : "")
    }

    private func names(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first.map(String.init) }
    }

    func testTheNamelessPageReplayedForEveryOffsetPrintsItsNineteenGoodRecords() throws {
        let (body, goodNames) = try namelessPage()
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let cache = try temporaryDirectory()
        let base = ["--base-url", server.baseURL.absoluteString, "--no-cache"]

        // 20 asked for, 19 came back: all 19 printed, one line why, exit 3 (partial).
        let twenty = try run(["characters", "--plain", "--limit", "20"] + base, cache: cache)
        XCTAssertEqual(twenty.status, 3, twenty.stdout + twenty.stderr)
        XCTAssertEqual(names(twenty.stdout), goodNames)
        let why = twenty.stderr.split(separator: "\n").filter { $0.contains("paging stopped") }
        XCTAssertEqual(why.count, 1, twenty.stderr)
        XCTAssertTrue(why.first?.contains("the server repeats itself") ?? false, twenty.stderr)
        XCTAssertTrue(twenty.stderr.contains("1 record unreadable (skipped)"), twenty.stderr)
        XCTAssertTrue(server.requests.contains { $0.query["offset"] == "20" }, "it asked past the first page")

        // Without --limit (20 by default): the same.
        let plain = try run(["characters", "--plain"] + base, cache: cache)
        XCTAssertEqual(plain.status, 3, plain.stderr)
        XCTAssertEqual(names(plain.stdout), goodNames)

        // JSON: the 19 records, the reason on stderr.
        let json = try run(["characters", "--json", "--limit", "20"] + base, cache: cache)
        XCTAssertEqual(json.status, 3, json.stderr)
        let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(decoded.compactMap { $0["name"] as? String }, goodNames)
        XCTAssertTrue(json.stderr.contains("paging stopped"), json.stderr)

        // 19 asked for, 19 came back: complete, exit 0, nothing about paging.
        let nineteen = try run(["characters", "--plain", "--limit", "19"] + base, cache: cache)
        XCTAssertEqual(nineteen.status, 0, nineteen.stderr)
        XCTAssertEqual(names(nineteen.stdout), goodNames)
        XCTAssertFalse(nineteen.stderr.contains("paging stopped"), nineteen.stderr)
        print("nameless page for every offset: --limit 20 printed \(names(twenty.stdout).count) records, exit \(twenty.status); "
              + "--limit 19 exit \(nineteen.status); \(server.requests.count) requests")
    }

    /// The grid keeps the 19 too: their names on screen, the unreadable count and the reason
    /// paging stopped on the status line, nothing thrown away.
    func testTheGridShowsTheNineteenAndSaysWhyPagingStopped() throws {
        try Prerequisites.tmux()
        let (body, goodNames) = try namelessPage()
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: body) }
        let cache = try temporaryDirectory()
        let tmux = try TmuxSession(
            command: "\(TmuxSession.quote(executable.path)) characters --no-cache --image-cache \(TmuxSession.quote(cache.path)) --base-url \(server.baseURL.absoluteString)",
            width: 200, height: 60, environment: ["XDG_CACHE_HOME": cache.path])
        let screen = tmux.waitFor("the grid and the reason paging stopped", timeout: 30) {
            $0.contains("A-Bomb (HAS)") && $0.contains("repeats itself")
        }
        let shown = GalleryScreen(screen).names
        XCTAssertGreaterThanOrEqual(shown.count, 12, screen)
        for name in shown { XCTAssertTrue(goodNames.contains { Self.fits(name, $0) }, name) }
        // The list ends at what the server gave: End goes to the 19th, not to gaps that no
        // offset can fill.
        tmux.send("G")
        // Up to the status line's position too, the frame's last row: tmux 3.3 has no
        // synchronized output, and the selected tile's row can be in with the status line old.
        let end = tmux.waitFor("the last of the 19", timeout: 20) {
            (GalleryScreen($0).selectedName.map { Self.fits($0, goodNames.last!) } ?? false) && GalleryScreen($0).status.contains(" of 19")
                && !GalleryScreen($0).status.contains(" 1 of 19")
        }
        XCTAssertTrue(GalleryScreen(end).status.contains("19 of 19"), GalleryScreen(end).status)
        XCTAssertFalse(GalleryScreen(end).names.contains("…"), "no gap tiles")
        tmux.send("q")
    }
}
