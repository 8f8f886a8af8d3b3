import XCTest
@testable import GalleryApp
import TerminalUI
import TestSupport

/// `y` / `Y` through the real runtime (`GallerySession` on the headless backend): the OSC 52
/// bytes are read back from what the program wrote and decoded; names carrying escape sequences
/// or bidi overrides are copied cleaned; links are the record's own, never a loopback URL.
final class CopyTests: XCTestCase {
    /// Every text the OSC 52 sequences in `output` copy, in order.
    static func copiedTexts(_ output: [UInt8]) -> [String] {
        let start = Array("\u{1B}]52;".utf8)
        var texts: [String] = []
        var i = 0
        while i + start.count <= output.count {
            guard Array(output[i..<i + start.count]) == start, let end = output[i...].firstIndex(of: 0x07) else {
                i += 1
                continue
            }
            if let text = Clipboard.decodeOSC52(output[i...end]) { texts.append(text) }
            i = end + 1
        }
        return texts
    }

    private func run(_ catalog: FakeCatalog, detail: DetailSubject? = nil, clipboard: (any ClipboardWriting)? = nil,
                     canonicalLink: @escaping @Sendable (String) -> String = { $0 })
        -> (HeadlessBackend, Task<(AppState, RunStats), any Error>) {
        let backend = HeadlessBackend(size: Size(width: 120, height: 40))
        var options = GallerySession.Options(config: AppConfig())
        options.detail = detail
        options.details = FakeDetailSource()
        options.opener = FakeOpener(succeeds: true)
        options.canonicalLink = canonicalLink
        options.clipboard = clipboard
        let pages = FakePageSource(catalog: catalog)
        let run = Task { try await GallerySession.run(backend: backend, pages: pages, thumbnails: FakeThumbnails(), options: options) }
        return (backend, run)
    }

    func testYCopiesTheSelectedNameAndShiftYItsPageOnMarvelCom() async throws {
        let (backend, run) = run(FakeCatalog.make(count: 40))
        await waitForScreen(backend) { $0.contains("3-D Man") && $0.contains("of 40") }
        await backend.type("y")
        await waitForScreen(backend) { $0.contains("copied name: 3-D Man") }
        let afterName = await backend.output
        XCTAssertEqual(Self.copiedTexts(afterName), ["3-D Man"])
        await backend.send(.input(.key(.init(.right))))
        await backend.type("Y")
        await waitForScreen(backend) { $0.contains("copied link: https://www.marvel.com/characters/1001/a_bomb__has") }
        let afterLink = await backend.output
        XCTAssertEqual(Self.copiedTexts(afterLink), ["3-D Man", "https://www.marvel.com/characters/1001/a_bomb__has"])
        // The confirmation goes with the next key.
        await backend.send(.input(.key(.init(.left))))
        await waitForScreen(backend) { !$0.contains("copied link") && $0.contains(" 3-D Man  │") }
        await backend.type("q")
        _ = try await run.value
    }

    func testANameWithEscapeSequencesAndBidiOverridesIsCopiedClean() async throws {
        let evil = "Evil\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{202E}Man\u{1B}[2J\u{9B}31m"
        let catalog = FakeCatalog(characters: [GalleryItem(id: 7, name: evil), GalleryItem(id: 8, name: "Zed")])
        let (backend, run) = run(catalog)
        await waitForScreen(backend) { $0.contains("Zed") }
        await backend.type("y")
        await waitForScreen(backend) { $0.contains("copied name: EvilMan") }
        let output = await backend.output
        XCTAssertEqual(Self.copiedTexts(output), ["EvilMan"], "the name's own OSC 52 never reaches the terminal")
        for text in Self.copiedTexts(output) {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        }
        await backend.type("q")
        _ = try await run.value
    }

    func testOnADetailPageYCopiesItsNameAndShiftYItsCanonicalURL() async throws {
        // A link of the in-process server is mapped by the executable's rule (here a stand-in
        // that proves the runner applies it to links, and only to links).
        let (backend, run) = run(FakeCatalog.make(count: 5), detail: .character(1009610)) {
            $0.replacingOccurrences(of: "https://marvel.com/", with: "https://www.marvel.com/")
        }
        await waitForScreen(backend) { $0.contains("Spider-Man") && $0.contains("Links") }
        await backend.type("y")
        await waitForScreen(backend) { $0.contains("copied name: Spider-Man") }
        await backend.type("Y")
        await waitForScreen(backend) { $0.contains("copied link: https://www.marvel.com/characters/1009610/detail") }
        let output = await backend.output
        XCTAssertEqual(Self.copiedTexts(output), ["Spider-Man", "https://www.marvel.com/characters/1009610/detail"])
        await backend.type("q")
        _ = try await run.value
    }

    /// A clipboard that refuses (tmux gone, a write error): the status line says so, never "copied".
    func testACopyThatFailsIsNotConfirmed() async throws {
        struct Refusing: ClipboardWriting { func copy(_ text: String) async -> Bool { false } }
        let (backend, run) = run(FakeCatalog.make(count: 5), clipboard: Refusing())
        await waitForScreen(backend) { $0.contains("3-D Man") && $0.contains("of 5") }
        await backend.type("y")
        await waitForScreen(backend) { $0.contains("could not copy (no clipboard): 3-D Man") }
        let screen = await backend.screen
        XCTAssertFalse(screen.contains("copied name"))
        await backend.type("q")
        _ = try await run.value
    }

    func testTheCopyKeysAreInTheTablesThatDriveHelp() {
        XCTAssertEqual(Keymap.gridAction(for: .char("y")), .copy(.name))
        XCTAssertEqual(Keymap.gridAction(for: .char("Y"), catalog: .comics), .copy(.link))
        XCTAssertEqual(Keymap.detailAction(for: .char("Y")), .copy(.link))
        XCTAssertTrue(Keymap.table(.titles(.series)).contains { $0.keys == "y Y" && $0.text == .helpCopy })
        XCTAssertTrue(Keymap.detail.contains { $0.keys == "y Y" && $0.text == .helpCopy })
    }

    func testOSC52RoundTripsUnicodeAndStripsControls() {
        XCTAssertEqual(Clipboard.decodeOSC52(Clipboard.osc52("Café ⚡ Ω")), "Café ⚡ Ω")
        XCTAssertEqual(String(decoding: Clipboard.osc52("Thor"), as: UTF8.self), "\u{1B}]52;c;VGhvcg==\u{07}")
        XCTAssertEqual(Clipboard.decodeOSC52(Clipboard.osc52("a\u{1B}[31mb\u{2066}c\u{0}")), "abc")
    }
}
