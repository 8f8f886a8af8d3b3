import Foundation
import TestSupport
import XCTest

/// Coming back to what was browsed, in new processes sharing one cache folder, against the
/// Metron-compatible loopback server: screens drawn off-screen (`--headless`, every tile's
/// picture) a second time ask Metron nothing they asked before, and with Metron gone a week later they are still
/// there and say they are stale.
final class MetronRevisitEndToEndTests: XCTestCase {
    private var command: MetronCommand!
    private var home: URL { command.home }

    override func setUpWithError() throws { command = try MetronCommand("metron-rerun") }
    override func tearDown() { command?.remove() }

    /// Runs one screen to completion (its last frame written to `frame`); returns the Metron
    /// hits per path it cost.
    @discardableResult
    private func run(_ arguments: [String], _ metron: MetronTestServer, frame: URL? = nil) throws -> [String: Int] {
        let before = metron.hits
        let frameFile = frame.map { ["MARVEL_GALLERY_DUMP_FRAME=\($0.path)"] } ?? []
        let (status, output) = try Spawn.status(command.argv(arguments, metron, environment: frameFile))
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("grid-complete"), "every picture of the screen arrived: \(output)")
        return metron.hits.reduce(into: [String: Int]()) { spent, hit in
            let cost = hit.value - (before[hit.key] ?? 0)
            if cost > 0 { spent[hit.key] = cost }
        }
    }

    func testTheSameScreensASecondTimeCostMetronNothing() throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let screens = [["characters", "--headless", "60x20"], ["character", "1", "--headless", "80x30"],
                       ["comics", "--headless", "60x20"]]
        for screen in screens {
            let first = try run(screen, metron)
            XCTAssertGreaterThan(first.values.reduce(0, +), 0, "the first run asks Metron (\(screen.joined(separator: " ")))")
            // Nothing the first run paid for is asked again. The second run's screen comes from
            // the cache at once, so its prefetch of the next screen may go out before it exits
            // (seen since waits whose client left are dropped): new paths, never repeated ones.
            let second = try run(screen, metron)
            let again = second.filter { first[$0.key] != nil }
            XCTAssertEqual(again, [:], "the second run of \(screen.joined(separator: " ")) asked Metron again for what it had")
        }
        XCTAssertEqual(metron.tooManyRequests, 0)
    }

    func testWhatWasBrowsedStaysBrowsableOfflineAndSaysItIsStale() throws {
        guard let metron = try MetronTestServer() else { throw XCTSkip("../shared/metron-recorded is absent") }
        let screen = ["characters", "--headless", "160x12"]  // one row of tiles, room for the whole status line
        let online = home.appendingPathComponent("online.txt"), offline = home.appendingPathComponent("offline.txt")
        try run(screen, metron, frame: online)
        let names = GalleryScreen(try String(contentsOf: online, encoding: .utf8)).names
        XCTAssertTrue(names.first?.hasPrefix("'Maz") == true, "\(names)")

        // A week on, past every freshness, and Metron cannot be reached.
        try ResponseCacheAging.age(folder: home.appendingPathComponent("cache/marvel-gallery/metron"), by: 8 * 86_400)
        metron.goOffline()
        try run(screen, metron, frame: offline)
        let text = try String(contentsOf: offline, encoding: .utf8)
        XCTAssertEqual(GalleryScreen(text).names, names, "the same tiles from the stored pages:\n\(text)")
        XCTAssertTrue(GalleryScreen(text).status.contains("cached data, may be out of date"), "stale, and says so:\n\(text)")
    }
}

/// Makes stored responses look older, as if time had passed: rewrites the `storedAt` of each
/// entry's header (`MGC1\n{json}\nbody`, see ResponseCache).
enum ResponseCacheAging {
    static func age(folder: URL, by seconds: TimeInterval) throws {
        let responses = folder.appendingPathComponent("responses")
        let files = try FileManager.default.contentsOfDirectory(at: responses, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "cache" }
        XCTAssertFalse(files.isEmpty, "nothing stored under \(responses.path)")
        for file in files {
            let data = try Data(contentsOf: file)
            let magic = 5  // "MGC1\n"
            guard let newline = data[magic...].firstIndex(of: 10),
                  var header = try JSONSerialization.jsonObject(with: data[magic..<newline]) as? [String: Any],
                  let storedAt = header["storedAt"] as? Double else { continue }
            header["storedAt"] = storedAt - seconds
            var aged = Data(data[..<magic])
            aged.append(try JSONSerialization.data(withJSONObject: header))
            aged.append(data[newline...])
            try aged.write(to: file)
        }
    }
}
