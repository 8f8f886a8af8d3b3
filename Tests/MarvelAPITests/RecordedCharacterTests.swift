import Foundation
import MarvelAPI
import XCTest

final class RecordedCharacterTests: XCTestCase {
    func testCharactersList2014() throws {
        let page = try RecordedFixtures.page(MarvelCharacter.self, "o-i-marvel-2014/characters/characters.json")
        XCTAssertEqual(page.code, 200)
        XCTAssertEqual(page.etag, "817237443b1a5a8c68457fa870e9e0b3c880fc86")
        XCTAssertEqual(page.attributionText, "Data provided by Marvel. © 2014 MARVEL")
        XCTAssertEqual([page.data.offset, page.data.limit, page.data.total, page.data.count], [0, 20, 1394, 20])
        let all = page.data.results
        XCTAssertEqual(all.count, 20)
        XCTAssertEqual(all.first?.id, 1_011_334)
        XCTAssertEqual(all.first?.name, "3-D Man")
        XCTAssertNil(all.first?.description, "\"\" must decode as nil")
        XCTAssertEqual(all.first?.modified, Date(timeIntervalSince1970: 1_398_795_497))
        XCTAssertEqual(all.first?.thumbnail?.path, "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784")
        XCTAssertEqual(all.first?.comics.available, 11)
        XCTAssertEqual(all.first?.stories.available, 17)
        XCTAssertEqual(all.last?.name, "Alain")
        XCTAssertNil(all.last?.modified, "1969-12-31T19:00:00-0500 is epoch 0, a sentinel")
        XCTAssertEqual(all.filter { $0.description == nil }.count, 15)
        XCTAssertEqual(all.filter { $0.modified == nil }.count, 10)
        XCTAssertEqual(all.filter { $0.thumbnail?.fileExtension == "gif" }.count, 1)
        XCTAssertEqual(all.filter { $0.thumbnail?.isPlaceholder == true }.count, 7)
        XCTAssertTrue(all.allSatisfy { $0.resourceURI.hasPrefix("https://gateway.marvel.com/v1/public/characters/") })
        XCTAssertTrue(all.flatMap(\.urls).allSatisfy { $0.url.hasPrefix("https://marvel.com/") })
    }

    func testCharactersList2022() throws {
        let page = try RecordedFixtures.page(MarvelCharacter.self, "drogel-marvel-2022/CharactersResponse.json")
        XCTAssertEqual(page.data.total, 1559)
        XCTAssertEqual(page.copyright, "© 2022 MARVEL")
        let all = page.data.results
        XCTAssertEqual(all.map(\.name).prefix(4), ["3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack"])
        XCTAssertEqual(all.filter { $0.thumbnail?.isPlaceholder == true }.map(\.id),
                       [1_010_699, 1_016_823, 1_011_266, 1_017_851, 1_011_031, 1_011_175, 1_011_136])
        let aegis = try XCTUnwrap(all.first { $0.id == 1_010_846 })
        XCTAssertEqual(aegis.thumbnail?.fileExtension, "gif")
        XCTAssertEqual(aegis.thumbnail?.isPlaceholder, false, "a real gif is not the gif placeholder")
        XCTAssertEqual(aegis.thumbnail?.url(.portraitXlarge)?.absoluteString,
                       "https://i.annihil.us/u/prod/marvel/i/mg/5/e0/4c0035c9c425d/portrait_xlarge.gif")
        XCTAssertEqual(all.filter { $0.modified == nil }.count, 8)
        XCTAssertEqual(all.first { $0.id == 1_017_851 }?.modified, RecordedFixtures.date("2021-08-27T17:52:34-0400"))
    }

    func testCharacterDetail2022CapsStoriesAtTwenty() throws {
        let page = try RecordedFixtures.page(MarvelCharacter.self, "drogel-marvel-2022/CharacterDetailResponse.json")
        XCTAssertEqual([page.data.total, page.data.count], [1, 1])
        let man = try XCTUnwrap(page.data.results.first)
        XCTAssertEqual(man.id, 1_011_334)
        XCTAssertTrue(man.description?.hasPrefix("This is just a very long text") == true)
        XCTAssertEqual(man.comics.available, 12)
        XCTAssertEqual(man.comics.returned, 12)
        XCTAssertFalse(man.comics.isTruncated)
        XCTAssertEqual(man.stories.available, 21)
        XCTAssertEqual(man.stories.returned, 20)
        XCTAssertEqual(man.stories.items.count, 20)
        XCTAssertTrue(man.stories.isTruncated)
        XCTAssertEqual(man.comics.items.first?.id, 21366)
        XCTAssertEqual(man.comics.collectionURI, "https://gateway.marvel.com/v1/public/characters/1011334/comics")
    }

    func testThanosDetail2014() throws {
        let page = try RecordedFixtures.page(MarvelCharacter.self, "o-i-marvel-2014/characters/character.json")
        let thanos = try XCTUnwrap(page.data.results.first)
        XCTAssertEqual(thanos.id, 1_009_652)
        XCTAssertEqual(thanos.name, "Thanos")
        XCTAssertTrue(thanos.description?.hasPrefix("The Mad Titan Thanos") == true)
        XCTAssertEqual(thanos.modified, RecordedFixtures.date("2014-02-19T15:41:57-0500"))
        XCTAssertEqual([thanos.comics.available, thanos.comics.returned], [78, 20])
        XCTAssertEqual([thanos.stories.available, thanos.stories.returned], [72, 20])
        XCTAssertNotNil(thanos.urls.first(ofType: "detail"))
        XCTAssertTrue(thanos.stories.items.allSatisfy { $0.type != nil }, "story summaries carry a type")
    }

    func testComicCharacters2014() throws {
        let page = try RecordedFixtures.page(MarvelCharacter.self, "o-i-marvel-2014/comics/comic_characters.json")
        XCTAssertEqual([page.data.total, page.data.count], [13, 13])
        XCTAssertEqual(page.data.results.first?.name, "Archangel")
        XCTAssertEqual(page.data.results.last?.name, "X-Men")
        XCTAssertEqual(page.data.results.first.map { [$0.comics.available, $0.comics.returned] }, [533, 20])
        XCTAssertEqual(page.data.results.filter { $0.description == nil }.count, 10)
    }
}
