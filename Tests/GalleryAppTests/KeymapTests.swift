import XCTest
@testable import GalleryApp
import TerminalUI

/// One key table per screen: the key handling reads it, the help is built from it.
final class KeymapTests: XCTestCase {
    /// How a key is written in the help.
    private func name(_ key: KeyEvent) -> String {
        if key.modifiers == .ctrl, case .char(let c) = key.code { return "Ctrl-" + c.uppercased() }
        switch key.code {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .insert, .delete, .function: return "\(key)"
        }
    }

    /// Every key a user can press that does something on a grid.
    private var allKeys: [KeyEvent] {
        (0x20...0x7E).map { KeyEvent.char(Character(UnicodeScalar($0)!)) }
            + "abcdefghijklmnopqrstuvwxyz".map { KeyEvent.ctrl($0) }
            + [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab]
    }

    /// A grid of `catalog` at `size` with its `?` help open.
    private func helpOpen(_ catalog: CatalogKind, _ size: Size) -> AppState {
        var config = AppConfig()
        config.catalog = catalog
        var state = AppState(config: config, size: size)
        _ = state.update(.resized(size))
        _ = state.update(.key(.char("?")))
        return state
    }

    /// True when the help's keys column `keys` names `key` (a word, or an arrow among "←↓↑→").
    private func names(_ keys: String, _ key: KeyEvent) -> Bool {
        let shown = name(key)
        return Set(keys.split(separator: " ").map(String.init)).contains(shown)
            || keys.contains(shown) && shown.count == 1 && !shown.first!.isLetter
    }

    func testEveryBoundKeyIsNamedOnItsHelpLine() {
        for catalog in [CatalogKind.characters, .comics, .titles(.series), .titles(.creators), .saved(.favourites)] {
            for line in Keymap.table(catalog) {
                for binding in line.bindings {
                    XCTAssertTrue(names(line.keys, binding.key),
                                  "\(catalog): \(binding.key) is bound but its help line says \"\(line.keys)\"")
                }
            }
        }
        for line in Keymap.detail {
            for binding in line.bindings {
                XCTAssertTrue(names(line.keys, binding.key), "detail: \(binding.key) is bound but its help line says \"\(line.keys)\"")
            }
        }
    }

    /// The `?` box drawn over each screen, the detail page included, names every key that screen
    /// binds: the detail page's help hid Home, End, g, G, Space, Ctrl-B, Ctrl-F, U and Backspace.
    func testEveryBoundKeyIsInTheHelpDrawnOverItsScreen() {
        func shownKeys(_ state: AppState) -> String {
            XCTAssertEqual(state.overlay, .help)
            return HelpOverlay.layout(state, in: HelpOverlay.area(state)).rows.map(\.keys).joined(separator: "  ")
        }
        for catalog in [CatalogKind.characters, .comics, .titles(.series), .titles(.creators), .saved(.favourites)] {
            let keys = shownKeys(helpOpen(catalog, Size(width: 120, height: 40)))
            for binding in Keymap.table(catalog).flatMap(\.bindings) {
                XCTAssertTrue(names(keys, binding.key), "\(catalog): \(binding.key) is bound but its help shows \(keys)")
            }
        }
        var h = Harness(size: Size(width: 120, height: 40))
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerDetails(h.state.openDetail(.character(7), standalone: true))
        h.key(.char("?"))
        let keys = shownKeys(h.state)
        for binding in Keymap.detail.flatMap(\.bindings) {
            XCTAssertTrue(names(keys, binding.key), "detail: \(binding.key) is bound but its help shows \(keys)")
        }
    }

    func testEveryKeyThatActsHasAHelpLineAndNoKeyIsBoundTwice() {
        for catalog in [CatalogKind.characters, .comics, .titles(.series), .titles(.creators), .saved(.favourites)] {
            let bindings = Keymap.table(catalog).flatMap(\.bindings)
            XCTAssertEqual(Set(bindings.map(\.key)).count, bindings.count, "\(catalog): a key bound twice")
            for key in allKeys {
                guard let action = Keymap.gridAction(for: key, catalog: catalog) else { continue }
                XCTAssertTrue(Keymap.table(catalog).contains { $0.bindings.contains(Keymap.Binding(key, action)) }, "\(key)")
            }
        }
    }

    /// The detail page too: one table that its handling and its help read; no key bound twice,
    /// and every key that acts there (but the tab digits) is one of the table's.
    func testDetailKeysComeFromTheTableItsHelpShows() {
        let bindings = Keymap.detail.flatMap(\.bindings)
        XCTAssertEqual(Set(bindings.map(\.key)).count, bindings.count, "a key bound twice")
        for key in allKeys {
            guard let action = Keymap.detailAction(for: key) else { continue }
            XCTAssertTrue(bindings.contains(Keymap.Binding(key, action)), "\(key)")
        }
        XCTAssertNil(Keymap.detailAction(for: .char("x")))
        XCTAssertEqual(DetailHelpOverlay.entries.map(\.1), Keymap.detail.map(\.text))
        XCTAssertEqual(Keymap.detailAction(for: .char("r")), .retry)
        XCTAssertEqual(Keymap.detailAction(for: .backspace), .back)
    }

    func testComicsHelpIsTheComicsOwn() {
        let comics = Keymap.table(.comics).map(\.text)
        XCTAssertFalse(comics.contains(.helpIndex), "the index of names is the characters grid's")
        XCTAssertTrue(comics.contains(.helpIndexTitles), "the comics grid's index of titles (issue 22)")
        XCTAssertFalse(comics.contains(.helpOpen), "\"open the selected character\"")
        XCTAssertTrue(comics.contains(.helpOpenComic))
        XCTAssertEqual(Keymap.gridAction(for: .char("i"), catalog: .comics), .index)
        // Issue 26: every grid in name order has the index, series and events too.
        XCTAssertEqual(Keymap.gridAction(for: .char("i"), catalog: .titles(.series)), .index)
        XCTAssertNil(Keymap.gridAction(for: .char("t"), catalog: .characters), "formats are the comics grid's")
        XCTAssertEqual(Keymap.gridAction(for: .char("t"), catalog: .comics), .format(forward: true))
        XCTAssertEqual(Keymap.gridAction(for: .char("f"), catalog: .characters), .favourite)
    }

    /// The creators grid is ordered by last name: its help does not offer the A–Z index or
    /// jump (it listed "A–Z index of titles" and "type a prefix: jump"), says why, and
    /// searches names; `i` and `'` still answer, with the status line's reason.
    func testCreatorsHelpSaysTheIndexDoesNotApply() {
        let creators = Keymap.table(.titles(.creators)).map(\.text)
        XCTAssertFalse(creators.contains(.helpIndexTitles))
        XCTAssertFalse(creators.contains(.helpJump))
        XCTAssertTrue(creators.contains(.helpIndexNotHere))
        XCTAssertTrue(creators.contains(.helpSearch))
        XCTAssertFalse(creators.contains(.helpSearchTitles))
        XCTAssertEqual(Keymap.gridAction(for: .char("i"), catalog: .titles(.creators)), .index)
        XCTAssertTrue(Keymap.table(.titles(.events)).map(\.text).contains(.helpJump), "events are in name order")
    }

    func testCtrlDUHalfAScreenAndCtrlNP() {
        var h = Harness(size: Size(width: 120, height: 40), count: 300)  // 8 columns, 3 rows a screen
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        let columns = h.state.layout.tileGrid!.columns
        let half = max(1, h.state.layout.tileGrid!.visibleRows / 2)
        h.key(.ctrl("d"))
        XCTAssertEqual(h.state.current.selection, half * columns)
        h.key(.ctrl("u"))
        XCTAssertEqual(h.state.current.selection, 0)
        h.key(.ctrl("n"))
        XCTAssertEqual(h.state.current.selection, columns)
        h.key(.ctrl("p"))
        XCTAssertEqual(h.state.current.selection, 0)
        h.key(.ctrl("f"))
        XCTAssertEqual(h.state.current.selection, h.state.layout.tileGrid!.tilesPerScreen)
        h.key(.ctrl("b"))
        XCTAssertEqual(h.state.current.selection, 0)
    }

    /// At 40x15 the help fits the width and every line can be scrolled into view.
    func testHelpFitsAndScrollsAt40x15() {
        for catalog in [CatalogKind.characters, .comics, .titles(.series), .titles(.creators), .saved(.favourites)] {
            let size = Size(width: 40, height: 15)
            var state = helpOpen(catalog, size)
            XCTAssertEqual(state.overlay, .help)
            var seen = ""
            for _ in 0..<80 {  // the comics help (jump, sort, star, history) wraps to more than 40 rows at 40 wide
                var buffer = Buffer(size: size)
                GalleryView.render(state, into: &buffer)
                seen += buffer.text
                _ = state.update(.key(.down))
            }
            XCTAssertEqual(state.overlay, .help, "↓ scrolls, it does not close")
            for line in Keymap.table(catalog) {
                let firstWord = state.strings[line.text].split(separator: " ").first.map(String.init) ?? ""
                XCTAssertTrue(seen.contains(firstWord), "\(catalog): \(line.text) never shown")
                if !line.keys.isEmpty { XCTAssertTrue(seen.contains(line.keys), "\(catalog): \(line.keys) never shown") }
            }
            _ = state.update(.key(.char("x")))
            XCTAssertNil(state.overlay)
        }
    }
}
