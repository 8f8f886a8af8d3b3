import Foundation
@testable import GalleryApp
import MarvelAPI
import XCTest

/// API text with escape sequences reaches the grid and the detail pages without them: the
/// sequences go whole (the buffer alone dropped only their control bytes and showed the rest,
/// "3-D Ma]0;PWNED-TITLE]52;c;cHduZWQ=[2J31m…" in a real run against a hostile mirror).
final class HostileTextTests: XCTestCase {
    /// OSC 0 (title), OSC 52 (clipboard), CSI 2J, C1 CSI and OSC, a bidi override, a DCS.
    static let evil = "\u{1B}]0;PWNED\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{9B}31m\u{9D}0;C1\u{9C}\u{202E}RLO\u{202C}\u{1B}Pq#DCS\u{1B}\\"

    private func decode<T: Decodable>(_ type: T.Type, _ json: [String: Any]) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: json))
    }

    func testGridItemsAndDetailPagesCarryNoSequence() throws {
        let e = Self.evil
        let character = try decode(MarvelCharacter.self, [
            "id": 1, "name": "Hero\(e)X", "description": "Line\(e)\nTwo",
            "comics": ["available": 1, "items": [["name": "Book\(e)1", "resourceURI": "http://h/v1/public/comics/2"]]],
        ])
        let item = GalleryItem(marvel: character)
        XCTAssertEqual(item.name, "HeroRLOX")
        XCTAssertEqual(item.description, "LineRLO\nTwo", "line breaks kept for the description")
        let detail = CharacterDetail(marvel: character)
        XCTAssertEqual(detail.name, "HeroRLOX")
        XCTAssertEqual(detail.comics.items, ["BookRLO1"])
        let comic = try decode(MarvelComic.self, [
            "id": 2, "title": "Book\(e)1", "description": "<p>Text\(e)</p>",
            "variants": [["name": "Var\(e)", "resourceURI": "http://h/v1/public/comics/3"]],
            "creators": ["available": 1, "items": [["name": "Ann\(e)", "role": "writer\(e)", "resourceURI": "http://h/v1/public/creators/4"]]],
        ])
        let page = ComicDetail(marvel: comic)
        XCTAssertEqual(page.title, "BookRLO1")
        XCTAssertEqual(page.description, "TextRLO")
        XCTAssertEqual(page.variants, ["VarRLO"])
        XCTAssertEqual(page.creators.map(\.name), ["AnnRLO"])
        let series = EntityDetail(marvel: try decode(MarvelSeries.self, ["id": 5, "title": "Run\(e)", "description": "About\(e)"]))
        XCTAssertEqual(series.title, "RunRLO")
        XCTAssertEqual(series.description, "AboutRLO")
        for text in [item.name, item.description, detail.name, page.title, page.description, series.title] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value == 0x1B || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" }, text)
            XCTAssertFalse(text.contains("PWNED") || text.contains("cHduZWQ"), text)
        }
    }
}
