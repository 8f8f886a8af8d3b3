import Foundation
import TestSupport
import XCTest

/// The gallery in tmux with `--source metron` and a small budget (6 a minute) against the
/// Metron-compatible loopback server: when the minute is spent with pictures still to fetch,
/// the status line says what waits and for how long, counts it down, and the pictures arrive
/// when the window moves on; never a 429 from the server.
final class MetronWaitingEndToEndTests: XCTestCase {
    private var command: MetronCommand!

    override func setUpWithError() throws { command = try MetronCommand("metron-wait-e2e", inTmux: true) }
    override func tearDown() { command?.remove() }

    /// "next pictures in 34 s" -> 34.
    static func secondsLeft(_ status: String) -> Int? {
        guard let range = status.range(of: #"next pictures in \d+ s"#, options: .regularExpression) else { return nil }
        return Int(status[range].dropFirst("next pictures in ".count).dropLast(2))
    }

    static func halfBlocks(_ screen: String) -> Int { screen.filter { $0 == "▀" }.count }

    func testTheCountdownSaysWhatWaitsThenThePicturesArrive() throws {
        guard let metron = try MetronTestServer(perMinute: 20) else { throw XCTSkip("../shared/metron-recorded is absent") }
        let tmux = try command.tmux(["characters"], metron, environment: ["METRON_PER_MINUTE": "6"])
        tmux.waitFor("the first tiles' names", timeout: 30) { GalleryScreen($0).names.contains("'Mazing Man") }
        // One request for the page, five picture lookups (one a minute is kept for what the
        // user asks), then the rest wait for the window: said, with the seconds.
        // The first pictures and the wait, in either order: the lookups beyond the minute's
        // reach the server together with the first ones (not queued behind their answers).
        let waiting = tmux.waitFor("the wait on the status line and the first pictures", timeout: 30) {
            Self.secondsLeft(GalleryScreen($0).status) != nil && Self.halfBlocks($0) > 0
        }
        let status = GalleryScreen(waiting).status
        let first = try XCTUnwrap(Self.secondsLeft(status))
        XCTAssertTrue(status.contains("Metron: 6 a minute · next pictures in \(first) s"), status)
        XCTAssertGreaterThan(first, 30, "a minute's wait, not a few seconds: \(status)")
        let picturesBefore = Self.halfBlocks(waiting)
        XCTAssertGreaterThan(picturesBefore, 0, "the first pictures are drawn")
        XCTAssertGreaterThan(GalleryScreen(waiting).names.count, 5, "more tiles than pictures fetched")

        // Counted down once a second with no key pressed.
        let seen = Date()
        let later = tmux.waitFor("the countdown", timeout: 10) { (Self.secondsLeft(GalleryScreen($0).status) ?? first) <= first - 2 }
        print("status while waiting: \"\(status)\", then \"\(GalleryScreen(later).status)\"")
        FileHandle.standardError.write(Data("screen while waiting:\n\(later)\n".utf8))

        // The lookups granted this minute are done; the rest wait for the window to move on.
        let lookups = { metron.requests.filter { $0.range(of: #"^/api/character/\d+/$"#, options: .regularExpression) != nil }.count }
        let lookupsWhileWaiting = lookups()
        XCTAssertLessThanOrEqual(lookupsWhileWaiting, 5, "no more picture lookups than the minute allows")
        let picturesWhileWaiting = Self.halfBlocks(later)
        // When it does, the next pictures arrive without a key.
        let arrived = tmux.waitFor("the next pictures", timeout: Double(first) + 30) {
            lookups() > lookupsWhileWaiting && Self.halfBlocks($0) > picturesWhileWaiting
        }
        let waited = Date().timeIntervalSince(seen)
        print("picture lookups \(lookupsWhileWaiting) while waiting, \(lookups()) after; half-block cells \(picturesWhileWaiting) -> "
              + "\(Self.halfBlocks(arrived)) after \(String(format: "%.1f", waited)) s (the status said \(first) s)")
        XCTAssertGreaterThan(waited, Double(first) - 3, "the pictures came when the countdown said, not before")
        XCTAssertEqual(metron.tooManyRequests, 0, "never over Metron's per-minute limit")
        tmux.send("q")
    }
}
