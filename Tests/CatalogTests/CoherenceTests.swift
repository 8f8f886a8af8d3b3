import Catalog
import Foundation
import XCTest

/// The embedded catalog tells one story: every link a comic lists is listed back by the other
/// side (character, creator, series, event, story), and the data is plausible for its series.
final class CoherenceTests: XCTestCase {
    private func object(_ json: String?) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try XCTUnwrap(json).utf8)) as? [String: Any])
    }

    private func ids(_ object: [String: Any], _ field: String) -> [Int] {
        let items = ((object[field] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return items.compactMap { ($0["resourceURI"] as? String)?.split(separator: "/").last.flatMap { Int($0) } }
    }

    /// Whether `other` (kind/id) lists comic `comic`: from its embedded list when complete, else its full sub-list.
    private func lists(_ store: CatalogStore, _ kind: EntityKind, _ id: Int, comic: Int) throws -> Bool {
        let entity = try object(try store.entity(kind, id: id))
        let list = try XCTUnwrap(entity["comics"] as? [String: Any], "\(kind.rawValue)/\(id) has no comics list")
        if (list["available"] as? Int ?? 0) <= 20 { return ids(entity, "comics").contains(comic) }
        var filter = ComicFilter()
        filter.limit = 100
        switch kind {
        case .characters: filter.characters = [id]
        case .creators: filter.creators = [id]
        case .events: filter.events = [id]
        default: filter.stories = [id]
        }
        while true {
            let page = try store.comics(filter)
            if page.results.contains(where: { (try? object($0)["id"] as? Int) == comic }) { return true }
            filter.offset += page.results.count
            if page.results.isEmpty || filter.offset >= page.total { return false }
        }
    }

    func testEveryLinkIsListedFromBothSides() throws {
        let store = try TestCatalogs.embeddedStore()
        var filter = ComicFilter()
        filter.limit = 100
        var checked = 0
        while true {
            let page = try store.comics(filter)
            for json in page.results {
                let comic = try object(json)
                let id = try XCTUnwrap(comic["id"] as? Int)
                for (field, kind) in [("characters", EntityKind.characters), ("creators", .creators), ("events", .events),
                                      ("stories", .stories)] {
                    for other in ids(comic, field) {
                        XCTAssertTrue(try lists(store, kind, other, comic: id), "\(kind.rawValue)/\(other) does not list comic \(id)")
                        checked += 1
                    }
                }
                let seriesID = try XCTUnwrap(((comic["series"] as? [String: Any])?["resourceURI"] as? String)?
                    .split(separator: "/").last.flatMap { Int($0) })
                var inSeries = ComicFilter()
                inSeries.series = [seriesID]
                inSeries.limit = 100
                XCTAssertTrue(try store.comics(inSeries).results.contains { (try? object($0)["id"] as? Int) == id })
                XCTAssertNotNil(try store.entity(.series, id: seriesID), "series \(seriesID) of comic \(id) is missing")
            }
            filter.offset += page.results.count
            if page.results.isEmpty || filter.offset >= page.total { break }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    func testAmazingSpiderManNumberOneIsPlausible() throws {
        let store = try TestCatalogs.embeddedStore()
        var filter = ComicFilter()
        filter.title = "Amazing Spider-Man (1963) #1"
        let comic = try object(try XCTUnwrap(store.comics(filter).results.first))
        let characters = ((comic["characters"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertTrue(characters.contains("Spider-Man (Peter Parker)"), "\(characters)")
        let creators = ((comic["creators"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertFalse(creators.isEmpty)
        // Only people who worked in the 1960s (see CREATOR_YEARS in scripts/fixture_data.py).
        XCTAssertTrue(Set(creators).isSubset(of: ["Stan Lee", "Jack Kirby", "Steve Ditko", "John Romita Sr."]), "\(creators)")
        let onsale = ((comic["dates"] as? [[String: Any]]) ?? []).first { $0["type"] as? String == "onsaleDate" }?["date"] as? String
        XCTAssertEqual(onsale?.prefix(4), "1963")
        // The series' years hold every issue's on-sale year.
        let series = try object(try store.entity(.series, id: Int(((comic["series"] as? [String: Any])?["resourceURI"] as? String ?? "")
            .split(separator: "/").last ?? "") ?? 0))
        XCTAssertEqual(series["startYear"] as? Int, 1963)
    }
}
