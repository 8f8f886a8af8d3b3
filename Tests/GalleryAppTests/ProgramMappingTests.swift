import XCTest
@testable import GalleryApp
import TerminalUI

/// Terminal events to messages (keys, mouse, paste, resize, signals).
final class ProgramMappingTests: XCTestCase {
    private let program = GalleryProgram(clock: { 42 })

    func testKeysMapToTheCoreKeys() {
        XCTAssertEqual(program.message(for: .input(.key(.char("j")))), .key(.char("j")))
        XCTAssertEqual(program.message(for: .input(.key(KeyEvent(.pageDown)))), .key(.pageDown))
        XCTAssertEqual(program.message(for: .input(.key(.ctrl("C")))), .key(.ctrl("c")))
        XCTAssertEqual(program.message(for: .input(.key(KeyEvent(.delete)))), .key(.backspace))
        XCTAssertNil(program.message(for: .input(.key(KeyEvent(.function(5))))))
    }

    func testMouseResizeAndSignals() {
        let wheel = MouseEvent(kind: .wheel, button: .wheelDown, position: Point(x: 3, y: 4))
        XCTAssertEqual(program.message(for: .input(.mouse(wheel))), .mouse(.wheelDown(x: 3, y: 4), atMillis: 42))
        let click = MouseEvent(kind: .press, button: .left, position: Point(x: 1, y: 2))
        XCTAssertEqual(program.message(for: .input(.mouse(click))), .mouse(.press(x: 1, y: 2), atMillis: 42))
        let release = MouseEvent(kind: .release, button: .left, position: Point(x: 1, y: 2))
        XCTAssertNil(program.message(for: .input(.mouse(release))))
        XCTAssertEqual(program.message(for: .resize(Size(width: 90, height: 30))), .resized(Size(width: 90, height: 30)))
        XCTAssertEqual(program.message(for: .terminate(signal: 15)), .terminate)
    }

    func testPasteTypesIntoTheSearchFieldWithOneDebounce() {
        var h = Harness()
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        XCTAssertTrue(h.send(.paste("spi")).isEmpty, "no field open: ignored")
        h.key(.char("/"))
        let effects = h.send(.paste("sp\ni\u{7}"))
        XCTAssertEqual(h.state.search?.text, "spi", "control characters and newlines dropped")
        XCTAssertEqual(effects, [.startTimer(.searchDebounce(generation: 1), milliseconds: 250)])
        h.fireLatestDebounce()
        h.answerAll()
        XCTAssertEqual(h.names, ["Spider-Girl", "Spider-Man", "Spiral"])
    }

    func testSigtermQuits() {
        var h = Harness()
        XCTAssertEqual(h.send(.terminate), [])
        XCTAssertTrue(h.state.isQuitting)
        XCTAssertTrue(GalleryProgram().isFinished(h.state))
    }
}
