import Foundation
import TestSupport
import XCTest

/// Coming back to what was browsed, in new processes sharing one cache folder, against the
/// Metron-compatible loopback server: screens drawn off-screen (`--headless`, every tile's
/// picture) a second time ask Metron nothing, and with Metron gone a week later they are still
/// there and say they are stale.
final class MetronRevisitEndToEndTests: XCTestCase {
    private var binary: String { RepoPaths.executable.path }
    private var home: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw XCTSkip("\(binary) is not built (swift build --product marvel-gallery)")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("metron-rerun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: home) }

    /// Runs one screen to completion (its last frame written to `frame`); returns the Metron
    /// hits per path it cost.
    @discardableResult
    private func run(_ arguments: [String], _ metron: MetronTestServer, frame: URL? = nil) throws -> [String: Int] {
        let before = metron.hits
        var env = ["HOME=\(home.path)", "XDG_CACHE_HOME=\(home.path)/cache", "XDG_CONFIG_HOME=\(home.path)/config",
                   "METRON_USERNAME=\(metron.username)", "METRON_PASSWORD=\(metron.password)"]
        if let frame { env.append("MARVEL_GALLERY_DUMP_FRAME=\(frame.path)") }
        let (status, output) = try Spawn.status(["/usr/bin/env"] + env + [binary] + arguments
                                                + ["--source", "metron", "--metron-url", metron.baseURL.absoluteString])
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
            let second = try run(screen, metron)
            XCTAssertEqual(second, [:], "the second run of \(screen.joined(separator: " ")) asked Metron again")
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
