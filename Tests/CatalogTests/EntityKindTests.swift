import Catalog
import MarvelAPI
import XCTest

/// The catalog and the client share the contract's one table of resource types (MarvelContract):
/// the catalog's `EntityKind` is the client's `MarvelResource`, and its sub-collections are the
/// routes of MARVEL_API.md section 1.
final class EntityKindTests: XCTestCase {
    func testSubCollectionsMatchTheClientsTable() {
        XCTAssertTrue(EntityKind.self == MarvelResource.self, "one table, not two kept equal")
        XCTAssertEqual(EntityKind.allCases.map(\.rawValue), ["characters", "comics", "creators", "events", "series", "stories"])
        let routes: [EntityKind: [EntityKind]] = [
            .characters: [.comics, .events, .series, .stories],
            .comics: [.characters, .creators, .events, .stories],
            .creators: [.comics, .events, .series, .stories],
            .events: [.characters, .comics, .creators, .series, .stories],
            .series: [.characters, .comics, .creators, .events, .stories],
            .stories: [.characters, .comics, .creators, .events, .series],
        ]
        for kind in EntityKind.allCases {
            XCTAssertEqual(kind.subCollections, routes[kind], "\(kind)")
        }
    }
}
