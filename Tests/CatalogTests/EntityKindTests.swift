import Catalog
import MarvelAPI
import XCTest

/// The catalog and the client each state the contract's sub-collections (the catalog may not
/// import the client): this holds the two tables equal.
final class EntityKindTests: XCTestCase {
    func testSubCollectionsMatchTheClientsTable() {
        XCTAssertEqual(EntityKind.allCases.map(\.rawValue), MarvelResource.allCases.map(\.rawValue))
        for kind in EntityKind.allCases {
            let client = MarvelResource(rawValue: kind.rawValue)?.subCollections.map(\.rawValue)
            XCTAssertEqual(kind.subCollections.map(\.rawValue), client, "\(kind)")
        }
    }
}
