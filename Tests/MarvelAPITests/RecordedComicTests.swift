import Foundation
import MarvelAPI
import XCTest

final class RecordedComicTests: XCTestCase {
    func testComicDetail2014() throws {
        let page = try RecordedFixtures.page(MarvelComic.self, "o-i-marvel-2014/comics/comic.json")
        let comic = try XCTUnwrap(page.data.results.first)
        XCTAssertEqual(comic.id, 17701)
        XCTAssertEqual(comic.digitalId, 4912)
        XCTAssertEqual(comic.title, "Age of Apocalypse: The Chosen (1995) #1")
        XCTAssertEqual(comic.issueNumber, 1)
        XCTAssertNil(comic.description, "null must decode as nil")
        XCTAssertEqual(comic.format, "Comic")
        XCTAssertEqual(comic.pageCount, 36)
        XCTAssertEqual(comic.textObjects, [])
        XCTAssertEqual(comic.series?.name, "Age of Apocalypse: The Chosen (1995)")
        XCTAssertEqual(comic.series?.id, 3614)
        XCTAssertEqual(comic.collections.count, 1)
        XCTAssertEqual(comic.dates.map(\.type), ["onsaleDate", "focDate", "unlimitedDate"])
        XCTAssertEqual(comic.onSaleDate, RecordedFixtures.date("1995-04-10T00:00:00-0400"))
        XCTAssertNil(comic.dates[1].date, "-0001-11-30 focDate is the zero-date sentinel")
        XCTAssertEqual(comic.prices, [ComicPrice(type: "printPrice", price: 2.5)])
        XCTAssertEqual(comic.price, 2.5)
        XCTAssertEqual(comic.images.count, 3)
        XCTAssertEqual([comic.creators.available, comic.creators.returned], [15, 15])
        XCTAssertEqual(comic.creators.items.first?.role, "inker")
        XCTAssertEqual(comic.creators.items.first?.name, "Terry Austin")
        XCTAssertEqual(comic.stories.items.first?.type, "")
        XCTAssertEqual(comic.characters.available, 13)
        XCTAssertEqual(comic.urls.map(\.type), ["detail", "reader"])
        XCTAssertEqual(comic.urls.first?.url.hasPrefix("https://marvel.com/comics/issue/17701/"), true)
    }

    func testComicsList2014() throws {
        let page = try RecordedFixtures.page(MarvelComic.self, "o-i-marvel-2014/comics/comics.json")
        XCTAssertEqual([page.data.total, page.data.count], [32399, 20])
        let all = page.data.results
        XCTAssertEqual(all.first?.title, "Ant-Man: So (Trade Paperback)")
        XCTAssertEqual(all.first?.isbn, "978-0-7851-6390-9")
        XCTAssertEqual(all.first?.issueNumber, 0)
        XCTAssertEqual(all.first?.price, 19.99)
        XCTAssertEqual(Set(all.map(\.format)), ["Comic", "Hardcover", "Trade Paperback"])
        XCTAssertEqual(all.filter { $0.thumbnail?.isPlaceholder == true }.count, 14)
        XCTAssertEqual(all.filter { $0.description == nil }.count, 11)
        XCTAssertEqual(all.last?.id, 48836)
    }

    func testCharacterComics2014() throws {
        let page = try RecordedFixtures.page(MarvelComic.self, "o-i-marvel-2014/characters/character_comics.json")
        XCTAssertEqual([page.data.total, page.data.count], [78, 20])
        let all = page.data.results
        XCTAssertEqual(all.first?.title, "Thanos Annual (2014) #1")
        XCTAssertEqual(all.first?.upc, "75960608069400111")
        XCTAssertEqual(all.first?.textObjects.first?.type, "issue_solicit_text")
        XCTAssertEqual(all.first?.textObjects.first?.language, "en-us")
        XCTAssertEqual(Set(all.map(\.format)), ["Comic", "Graphic Novel", "Hardcover", "Trade Paperback"])
        XCTAssertEqual(all.filter { $0.modified == nil }.count, 7)
        XCTAssertEqual(all.last?.title, "Thanos (2003) #12")
    }

    func testComics2022() throws {
        let page = try RecordedFixtures.page(MarvelComic.self, "drogel-marvel-2022/ComicsResponse.json")
        XCTAssertEqual([page.data.total, page.data.count], [12, 12])
        let all = page.data.results
        XCTAssertEqual(all.first?.id, 22506)
        XCTAssertEqual(all.first?.title, "Avengers: The Initiative (2007) #19")
        XCTAssertEqual(all.last?.title, "Marvel Premiere (1972) #35")
        XCTAssertNil(all.last?.modified)
        XCTAssertEqual(all.filter { $0.thumbnail?.isPlaceholder == true }.count, 3)
        XCTAssertEqual(all.filter { $0.modified == nil }.count, 5)
        XCTAssertEqual(all.filter { $0.description == nil }.count, 10)
    }
}
