import Foundation
import TestSupport
import XCTest

/// The gallery in tmux with `--source metron` and a tiny budget (6 a minute) against the
/// Metron-compatible loopback server: the user pages down while the minute is spent, and the
/// first picture lookups Metron sees when the window moves on are for the screen paged to,
/// not for the screen left behind or for prefetch. Counted at the loopback server.
final class MetronPagedToFirstEndToEndTests: XCTestCase {
    private var executable: URL { RepoPaths.executable }
    private var home: URL!

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (scripts/setup.sh installs it)") }
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("build marvel-gallery first: swift build --product marvel-gallery (\(executable.path))")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("metron-paged-e2e-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: home) }

    /// Metron ids of the character detail lookups (`/api/character/{id}/`), in arrival order.
    static func lookups(_ metron: MetronTestServer) -> [Int] {
        metron.requests.compactMap { target -> Int? in
            guard target.range(of: #"^/api/character/\d+/$"#, options: .regularExpression) != nil else { return nil }
            return Int(target.split(separator: "/")[2])
        }
    }

    /// Whether a tile's name is `name`. A cut name keeps its head and may keep its tail around
    /// the `…` ("Young Marve…", "Xenopho… Man", "Zero (… Man)").
    static func shows(_ tile: String, _ name: String) -> Bool {
        guard let cut = tile.firstIndex(of: "…") else { return tile == name }
        let head = String(tile[..<cut]), tail = String(tile[tile.index(after: cut)...])
        return name.count > head.count + tail.count && name.hasPrefix(head) && name.hasSuffix(tail)
    }

    func testAfterPageDownTheScreenPagedToIsFetchedFirst() throws {
        try pageAndCheck(keys: ["NPage"])
    }

    func testAfterTwoPageDownsTheScreenPagedToIsFetchedFirst() throws {
        try pageAndCheck(keys: ["NPage", "NPage"])
    }

    func testAfterEndTheLastScreenIsFetchedFirst() throws {
        try pageAndCheck(keys: ["End"])
    }

    /// One row of 8 tiles: 4 pictures spend the minute, the other 4 wait (`u=1`) and 2 of the
    /// next screen's prefetch wait beside them (`u=5`, the gallery's 6 connections). After
    /// PageDown that prefetch is on screen (raised in the gallery, still `u=5` at the server),
    /// and the 4 tiles left behind must not take the minute's slots ahead of it: their client
    /// aborted them, so the server dropped their waits.
    func testAfterPageDownThePrefetchedScreenIsFetchedBeforeTheTilesLeftBehind() throws {
        try pageAndCheck(keys: ["NPage"], width: 120, height: 17, tiles: 6)
    }

    private func pageAndCheck(keys: [String], width: Int = 120, height: Int = 40, tiles: Int = 12) throws {
        guard let metron = try MetronTestServer(perMinute: 20) else { throw XCTSkip("../shared/metron-recorded is absent") }
        let command = "\(TmuxSession.quote(executable.path)) characters --source metron --metron-url \(metron.baseURL.absoluteString)"
        let tmux = try TmuxSession(command: command, width: width, height: height, environment: [
            "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config",
            "METRON_USERNAME": metron.username, "METRON_PASSWORD": metron.password, "METRON_PER_MINUTE": "6",
        ])
        // The first screen's minute is spent: the countdown is on the status line.
        let waiting = tmux.waitFor("the wait on the status line", timeout: 30) {
            MetronWaitingEndToEndTests.secondsLeft(GalleryScreen($0).status) != nil && !GalleryScreen($0).names.isEmpty
        }
        let first = try XCTUnwrap(MetronWaitingEndToEndTests.secondsLeft(GalleryScreen(waiting).status))
        let leftBehind = GalleryScreen(waiting).names
        for key in keys { tmux.send(key) }
        // The help opening after them says every key was read (after one PageDown of two, the
        // screen is already disjoint from the first).
        tmux.waitForKeysRead()
        let paged = tmux.waitFor("the screen paged to", timeout: 20) { screen in
            let names = GalleryScreen(screen).names
            return names.count >= tiles && Set(names).isDisjoint(with: leftBehind)
        }
        let pagedTo = GalleryScreen(paged).names
        // Never a screen of "···" tiles without the status line saying why and how long.
        XCTAssertEqual(MetronWaitingEndToEndTests.halfBlocks(paged), 0, "no picture of this screen yet:\n\(paged)")
        XCTAssertNotNil(MetronWaitingEndToEndTests.secondsLeft(GalleryScreen(paged).status),
                        "the status line says what the '···' tiles wait for:\n\(paged)")
        let before = Self.lookups(metron).count
        XCTAssertLessThanOrEqual(before, 5, "no more picture lookups than the minute allows")

        // When the window moves on, the next lookups (5: the minute's allowance for pictures)
        // are all for tiles on the screen paged to, and their pictures are drawn.
        let arrived = tmux.waitFor("the paged-to screen's pictures", timeout: Double(first) + 40) {
            Self.lookups(metron).count >= before + 5 && MetronWaitingEndToEndTests.halfBlocks($0) > 0
        }
        let next = Array(Self.lookups(metron)[before..<(before + 5)])
        let nextNames = next.map { metron.characterName(id: $0) ?? "#\($0)" }
        let onScreen = nextNames.filter { name in pagedTo.contains { Self.shows($0, name) } }
        print("after \(keys.joined(separator: " ")): lookups before the wait \(before), then \(next) = \(nextNames); "
              + "\(onScreen.count) of 5 on the screen paged to; half-block cells \(MetronWaitingEndToEndTests.halfBlocks(arrived))")
        XCTAssertEqual(onScreen.count, 5, "the first lookups after the wait are the screen paged to's: \(nextNames) vs \(pagedTo)")
        XCTAssertEqual(metron.tooManyRequests, 0, "never over Metron's per-minute limit")
        tmux.send("q")
    }
}
