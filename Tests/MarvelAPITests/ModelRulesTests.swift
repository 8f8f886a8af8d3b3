import Foundation
import MarvelAPI
import XCTest

final class ModelRulesTests: XCTestCase {
    func testDates() {
        XCTAssertEqual(MarvelDate.parse("2014-04-29T14:18:17-0400"), Date(timeIntervalSince1970: 1_398_795_497))
        XCTAssertEqual(MarvelDate.parse("2014-04-29T18:18:17Z"), Date(timeIntervalSince1970: 1_398_795_497))
        XCTAssertEqual(MarvelDate.parse("2014-04-29T14:18:17-04:00"), Date(timeIntervalSince1970: 1_398_795_497))
        for sentinel in ["-0001-11-30T00:00:00-0500", "1969-12-31T19:00:00-0500",
                         "2029-12-31T00:00:00-0500", "2099-10-30T00:00:00-0500", "", "garbage",
                         "2014-13-01T00:00:00-0400", "2014-04-29T14:18:17-04"] {
            XCTAssertNil(MarvelDate.parse(sentinel), sentinel)
        }
        let date = Date(timeIntervalSince1970: 1_398_795_497)
        XCTAssertEqual(MarvelDate.format(date), "2014-04-29T18:18:17+0000")
        XCTAssertEqual(MarvelDate.parse(MarvelDate.format(date)), date)
        XCTAssertNil(MarvelDate.parse(MarvelDate.format(nil)))
        XCTAssertEqual(MarvelDate.format(Date(timeIntervalSince1970: -86_400 * 365)), "1969-01-01T00:00:00+0000")
    }

    /// A real 1970-01-01 (a cover date a live source gives, written in UTC) is a date; only
    /// epoch 0 written in a US zone is Marvel's "unknown".
    func testFirstDayOf1970IsADate() throws {
        for text in ["1970-01-01T00:00:00-0000", "1970-01-01T00:00:00+0000", "1970-01-01T00:00:00Z"] {
            XCTAssertEqual(MarvelDate.parse(text), Date(timeIntervalSince1970: 0), text)
        }
        XCTAssertEqual(MarvelDate.format(MarvelDate.parse("1970-01-01T00:00:00-0000")).prefix(10), "1970-01-01")
        let json = #"{"id":1,"title":"T","dates":[{"type":"onsaleDate","date":"1970-01-01T00:00:00-0000"}]}"#
        let comic = try JSONDecoder().decode(MarvelComic.self, from: Data(json.utf8))
        XCTAssertEqual(comic.dates.first?.date, Date(timeIntervalSince1970: 0))
    }

    func testHTTPSUpgradeOnlyOnMarvelHosts() {
        XCTAssertEqual(MarvelHosts.upgradingToHTTPS("http://i.annihil.us/a/b"), "https://i.annihil.us/a/b")
        XCTAssertEqual(MarvelHosts.upgradingToHTTPS("http://x.annihil.us/a"), "https://x.annihil.us/a")
        XCTAssertEqual(MarvelHosts.upgradingToHTTPS("http://marvel.com/c?x=1"), "https://marvel.com/c?x=1")
        XCTAssertEqual(MarvelHosts.upgradingToHTTPS("http://gateway.marvel.com/v1/public/comics/1"),
                       "https://gateway.marvel.com/v1/public/comics/1")
        for unchanged in ["http://127.0.0.1:8080/img/1", "http://localhost/x", "http://notmarvel.com/x",
                          "http://marvel.com.evil.org/x", "https://i.annihil.us/a", "http://marvel.com:8080/x", "ftp://marvel.com/x"] {
            XCTAssertEqual(MarvelHosts.upgradingToHTTPS(unchanged), unchanged)
        }
        let json = #"{"path":"http://127.0.0.1:9000/images/3-d-man","extension":"png"}"#
        let image = try? JSONDecoder().decode(MarvelImage.self, from: Data(json.utf8))
        XCTAssertEqual(image?.url(.standardMedium)?.absoluteString, "http://127.0.0.1:9000/images/3-d-man/standard_medium.png")
    }

    func testImageVariantsAndPlaceholders() {
        let image = MarvelImage(path: "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784", fileExtension: "jpg")
        XCTAssertEqual(image.url()?.absoluteString, "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784.jpg")
        XCTAssertEqual(image.url(.detail)?.absoluteString, "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784/detail.jpg")
        XCTAssertEqual(ImageVariant.allCases.count, 20)
        for variant in ImageVariant.allCases where variant != .fullSize {
            XCTAssertEqual(image.url(variant)?.lastPathComponent, "\(variant.rawValue).jpg")
        }
        XCTAssertEqual(ImageVariant.portraitUncanny.size?.height, 450)
        XCTAssertEqual(ImageVariant.portraitIncredible.size?.height, 324)
        XCTAssertEqual(ImageVariant.smallest(.portrait, atLeast: 160, 240), .portraitFantastic)
        XCTAssertEqual(ImageVariant.smallest(.portrait, atLeast: 200, 300), .portraitIncredible)
        XCTAssertEqual(ImageVariant.smallest(.standard, atLeast: 150, 150), .standardAmazing)
        XCTAssertEqual(ImageVariant.smallest(.landscape, atLeast: 900, 10), .detail)
        XCTAssertTrue(MarvelImage(path: "https://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", fileExtension: "jpg").isPlaceholder)
        XCTAssertTrue(MarvelImage(path: "http://i.annihil.us/u/prod/marvel/i/mg/f/60/4c002e0305708", fileExtension: "gif").isPlaceholder)
        XCTAssertFalse(MarvelImage(path: "http://i.annihil.us/u/prod/marvel/i/mg/f/60/4c0042121d790", fileExtension: "jpg").isPlaceholder)
        XCTAssertNil(MarvelImage(path: "", fileExtension: "jpg").url())
    }

    func testTolerantFieldsAndDecodingPath() throws {
        let json = #"""
        {"data":{"results":[{"id":5,"name":"X","description":"  ","issueNumber":"3","comics":null}]}}
        """#
        let page = try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: Data(json.utf8))
        XCTAssertEqual(page.code, 200)
        XCTAssertNil(page.copyright)
        XCTAssertEqual([page.data.total, page.data.count, page.data.limit], [1, 1, 20])
        XCTAssertNil(page.data.results[0].description)
        XCTAssertEqual(page.data.results[0].comics, ResourceList())
        let comic = #"{"id":1,"title":"T","issueNumber":"3.5","format":"Digital Vertical Comic","pageCount":"12"}"#
        let decoded = try JSONDecoder().decode(MarvelComic.self, from: Data(comic.utf8))
        XCTAssertEqual(decoded.issueNumber, 3.5)
        XCTAssertEqual(decoded.pageCount, 12)
        XCTAssertEqual(decoded.format, "Digital Vertical Comic")
        let bad = #"{"data":{"results":[{"id":"seven","name":"X"}]}}"#
        XCTAssertThrowsError(try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: Data(bad.utf8)))
    }
}
