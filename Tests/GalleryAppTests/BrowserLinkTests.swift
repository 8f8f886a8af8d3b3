import XCTest
@testable import GalleryApp
import MarvelAPI
import TerminalUI

/// Issue 35: `Y` copies a link a browser opens without keys, never the gateway's resource URL;
/// Marvel's `utm_` tracking is stripped; a link `o` could not open is shown whole.
final class BrowserLinkTests: XCTestCase {
    func testTrackingParametersAreStripped() {
        XCTAssertEqual(BrowserLink.untracked("http://marvel.com/characters/1011334/3_d_man?utm_campaign=apiRef&utm_source=b7246"),
                       "http://marvel.com/characters/1011334/3_d_man")
        XCTAssertEqual(BrowserLink.untracked("https://example.com/a?id=3&utm_source=x&UTM_Medium=y#top"), "https://example.com/a?id=3#top")
        XCTAssertEqual(BrowserLink.untracked("https://example.com/a?id=3"), "https://example.com/a?id=3")
        XCTAssertEqual(BrowserLink.untracked("https://example.com/a"), "https://example.com/a")
    }

    /// Built as Marvel builds its `detail` links (the catalog's own: "a_bomb__has",
    /// "amazing_spider_man__1963___1"), on marvel.com, not gateway.marvel.com.
    func testAPageIsBuiltForARecordWithoutLinks() {
        XCTAssertEqual(BrowserLink.marvelPage(.characters, id: 1017100, name: "A-Bomb (HAS)"),
                       "https://www.marvel.com/characters/1017100/a_bomb__has")
        XCTAssertEqual(BrowserLink.marvelPage(.comics, id: 51878, name: "Amazing Spider-Man (1963) #1"),
                       "https://www.marvel.com/comics/issue/51878/amazing_spider_man__1963___1")
        XCTAssertEqual(BrowserLink.marvelPage(.series, id: 28056, name: "Amazing Spider-Man (1963)"),
                       "https://www.marvel.com/comics/series/28056/amazing_spider_man__1963")
        XCTAssertEqual(BrowserLink.marvelPage(.stories, id: 7, name: "Interior #7"), "https://www.marvel.com/search?query=Interior%20%237")
    }

    /// On the grid, `Y` copies the record's own page (its `detail` link, untracked), else the
    /// page built for it; never the gateway's resource URL, which needs keys.
    func testYOnTheGridCopiesABrowserLink() {
        let marvel = MarvelCharacter(id: 1011334, name: "3-D Man", urls: [
            MarvelLink(type: "wiki", url: "http://marvel.com/universe/3-D_Man?utm_campaign=apiRef"),
            MarvelLink(type: "detail", url: "http://marvel.com/characters/1011334/3_d_man?utm_campaign=apiRef&utm_source=b7"),
        ])
        XCTAssertEqual(GalleryItem(marvel: marvel).link, "http://marvel.com/characters/1011334/3_d_man")
        var h = Harness.loaded(count: 5)
        let effects = h.key(.char("Y"))
        guard case .copy(let request)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(request.text, "https://www.marvel.com/characters/\(h.state.current.items[0].id)/3_d_man")
        XCTAssertFalse(request.text.contains("gateway"))
    }

    func testADetailPagesLinksAreUntracked() {
        let links = DetailLink.from([MarvelLink(type: "detail", url: "http://marvel.com/comics/issue/1/x?utm_campaign=apiRef&utm_source=k")])
        XCTAssertEqual(links.map(\.url), ["http://marvel.com/comics/issue/1/x"])
    }

    /// A link that could not be opened is shown whole over the bottom of the page (at 60
    /// columns the status line would cut it with "…"), until the next key.
    func testALinkThatCannotBeOpenedIsShownWhole() {
        var h = Harness(size: Size(width: 60, height: 20))
        let effects = h.state.openDetail(.character(7), standalone: true)
        h.send(.resized(Size(width: 60, height: 20)))
        h.answerDetails(effects)
        let url = "https://www.marvel.com/characters/1009610/spider-man_peter_parker/in-depth/and-a-very-long-tail"
        h.send(.detail(.linkOpened(url, opened: false)))
        let joined = h.detailText.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "")
        XCTAssertTrue(joined.contains(url), h.detailText)
        h.key(.char("j"))
        XCTAssertFalse(h.detailText.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\n", with: "").contains(url))
    }
}
