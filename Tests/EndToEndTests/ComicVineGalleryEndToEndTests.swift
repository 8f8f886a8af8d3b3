import Foundation
import HTTPTransport
import TestSupport
import XCTest

/// `--source comicvine` against the Comic Vine stand-in (100 ms a request, 420 for requests
/// closer than a second): the real program in tmux at 160x48 shows every tile's own picture
/// (each character's picture has its own colour) within seconds on at most 2 API requests; a
/// second visit costs none; three programs at once keep the spacing.
final class ComicVineGalleryEndToEndTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        try Prerequisites.tmuxAndProgram()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("comicvine-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDown() { if let home { try? FileManager.default.removeItem(at: home) } }

    private func environment(_ cv: ComicVineTestServer) -> [String: String] {
        ["HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config",
         "COMICVINE_API_KEY": cv.apiKey]
    }

    private func words(_ arguments: [String], _ cv: ComicVineTestServer) -> [String] {
        [RepoPaths.executable.path] + arguments + ["--source", "comicvine", "--comicvine-url", cv.baseURL.absoluteString]
    }

    /// The truecolour colours a captured screen uses (`38;2;r;g;b`, `48;2;r;g;b`).
    private static func colours(_ screen: String) -> Set<String> {
        var found = Set<String>()
        let pattern = try! NSRegularExpression(pattern: "[34]8;2;([0-9]+);([0-9]+);([0-9]+)")
        for match in pattern.matches(in: screen, range: NSRange(screen.startIndex..., in: screen)) {
            let parts = (1...3).map { String(screen[Range(match.range(at: $0), in: screen)!]) }
            found.insert(parts.joined(separator: ";"))
        }
        return found
    }

    /// Seconds from launch until every tile on screen shows its own character's picture.
    private func firstScreen(_ cv: ComicVineTestServer) throws -> (seconds: Double, tiles: Int, tmux: TmuxSession) {
        let started = Date()
        let tmux = try TmuxSession(command: words(["characters"], cv).map(TmuxSession.quote).joined(separator: " "),
                                   width: 160, height: 48, environment: environment(cv))
        let names = cv.marvelCharacterNames
        var tiles = 0
        let deadline = started.addingTimeInterval(30)
        while Date() < deadline {
            let screen = tmux.captureWithEscapes()
            let plain = tmux.capture()
            let shown = GalleryScreen(plain).names
            if shown.count >= 12, GalleryScreen(plain).status.contains("Comic Vine") || plain.contains("Comic Vine") {
                let wanted = names.prefix(shown.count).compactMap { cv.characterID(named: $0) }.map { id -> String in
                    let (r, g, b) = ComicVineTestServer.colour(ofCharacter: id)
                    return "\(r);\(g);\(b)"
                }
                if wanted.count == shown.count, Set(wanted).isSubset(of: Self.colours(screen)) {
                    tiles = shown.count
                    return (Date().timeIntervalSince(started), tiles, tmux)
                }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTFail("not every tile showed its own picture in 30 s:\n\(tmux.capture())")
        return (30, tiles, tmux)
    }

    func testFirstScreenShowsEveryTilesOwnPictureOnAtMostTwoRequests() throws {
        let cv = try ComicVineTestServer(spacing: 1, latency: .milliseconds(100))
        let (seconds, tiles, tmux) = try firstScreen(cv)
        print("comicvine first screen: \(tiles) tiles, each its own picture, in \(String(format: "%.2f", seconds)) s "
              + "from launch on \(cv.apiHits) API requests (\(cv.pictureHits) pictures; stand-in 100 ms a request)")
        XCTAssertLessThanOrEqual(cv.apiHits, 2)
        XCTAssertGreaterThanOrEqual(tiles, 24)
        XCTAssertEqual(cv.log.violations, [], "never closer than Comic Vine's spacing, never over its hour")
        tmux.send("q")
        tmux.waitFor("the program's end") { $0.contains("EXIT:0") }

        // A second visit: the page from the response cache, the pictures from the disk cache.
        let before = cv.apiHits
        let (again, _, second) = try firstScreen(cv)
        print("comicvine second visit: every picture in \(String(format: "%.2f", again)) s on \(cv.apiHits - before) API requests")
        XCTAssertEqual(cv.apiHits, before, "a second visit costs no request")
        second.send("q")
    }

    func testThreeProgramsAtOnceKeepTheSpacingAndTheHour() throws {
        let cv = try ComicVineTestServer(perResourcePerHour: 4, spacing: 1)
        let searches = ["agent", "black", "iron", "moon"]
        let results = Locked<[(Int32, String)]>([])
        // Each asks other names, so none is answered from another's stored copy.
        let commands = (0..<3).map { index in
            ["/usr/bin/env"] + environment(cv).map { "\($0.key)=\($0.value)" } + ["COMICVINE_PER_HOUR=4"]
                + words(["characters", "--plain", "--limit", "5", "--search", searches[index]], cv)
        }
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            let argv = commands[index]
            let outcome = (try? Spawn.status(argv)) ?? (-1, "did not start")
            results.withLock { $0.append(outcome) }
        }
        for (status, output) in results.get { XCTAssertEqual(status, 0, output) }
        let gap = cv.log.closestGap ?? 99
        print("comicvine three programs: \(cv.apiHits) requests, closest two \(String(format: "%.3f", gap)) s apart, "
              + "most of one resource in an hour \(cv.log.busiest(within: 3_600)) (declared 4)")
        XCTAssertEqual(cv.log.violations, [])
        XCTAssertGreaterThanOrEqual(gap, 1.0)
        XCTAssertLessThanOrEqual(cv.log.busiest(within: 3_600), 4)
    }

    /// `doctor` names every live source and whether it is usable, never the key; a wrong key
    /// is one line naming the variable, with one request spent and no retry.
    func testDoctorSaysEverySourceAndAWrongKeyIsOneLine() throws {
        let cv = try ComicVineTestServer()
        var env = environment(cv)
        env["COMICVINE_API_KEY"] = nil
        let bare = try Spawn.status(["/usr/bin/env"] + env.map { "\($0.key)=\($0.value)" } + [RepoPaths.executable.path, "doctor"])
        XCTAssertTrue(bare.output.contains("source comicvine"), bare.output)
        XCTAssertTrue(bare.output.contains("not usable: needs a Comic Vine API key: set COMICVINE_API_KEY"), bare.output)
        XCTAssertTrue(bare.output.contains("source metron"), bare.output)
        env["COMICVINE_API_KEY"] = "doctor-SECRET-key"
        let keyed = try Spawn.status(["/usr/bin/env"] + env.map { "\($0.key)=\($0.value)" } + [RepoPaths.executable.path, "doctor"])
        XCTAssertTrue(keyed.output.contains("usable (key from $COMICVINE_API_KEY"), keyed.output)
        XCTAssertFalse(keyed.output.contains("doctor-SECRET-key"), "the key is never shown")
        let wrong = try Spawn.status(["/usr/bin/env"] + env.map { "\($0.key)=\($0.value)" }
            + words(["characters", "--plain", "--limit", "5"], cv))
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.output.contains("COMICVINE_API_KEY"), wrong.output)
        XCTAssertFalse(wrong.output.contains("doctor-SECRET-key"), wrong.output)
        XCTAssertEqual(cv.apiHits, 1, "no retry loop on a refused key")
    }
}
