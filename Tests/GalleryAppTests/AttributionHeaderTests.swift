import XCTest
@testable import GalleryApp
import MarvelAPI
import TerminalUI

/// The attribution the screens show before any page has arrived is the built-in catalog's, in
/// every language, on the grid and on a standalone detail page; a source's own text replaces it.
final class AttributionHeaderTests: XCTestCase {
    func testBeforeTheFirstPageTheScreensShowTheCatalogsAttribution() {
        for language in Language.allCases {
            let size = Size(width: 120, height: 40)
            var grid = AppState(config: AppConfig(language: language), size: size)
            _ = grid.update(.resized(size))
            XCTAssertTrue(render(grid).contains(MarvelAttribution.text), "\(language) grid")

            var detail = AppState(config: AppConfig(language: language), size: size)
            _ = detail.openDetail(.series(7), standalone: true)
            _ = detail.update(.resized(size))
            XCTAssertTrue(render(detail).contains(MarvelAttribution.text), "\(language) detail")
        }
    }

    func testTheSourcesOwnAttributionReplacesIt() {
        var h = Harness(size: Size(width: 120, height: 40), count: 30)
        h.send(.resized(Size(width: 120, height: 40)))
        h.answerAll()
        XCTAssertTrue(render(h.state).contains("Data provided by Marvel. © 2026 MARVEL"), "what FakeCatalog sends")
    }

    private func render(_ state: AppState) -> String {
        var buffer = Buffer(size: state.size)
        GalleryView.render(state, into: &buffer)
        return buffer.text
    }
}
