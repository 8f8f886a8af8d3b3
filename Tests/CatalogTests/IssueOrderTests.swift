import Catalog
import Foundation
import XCTest

/// `orderBy=title` on the embedded catalog: a series' issues by number (#1, #2, …, #10).
final class IssueOrderTests: XCTestCase {
    func testTitlesOfOneSeriesSortByIssueNumber() throws {
        var q = ComicFilter()
        q.titleStartsWith = "Amazing Spider-Man (1963)"
        q.orderBy = [Ordering(field: "title")]
        q.limit = 100
        let page = try TestCatalogs.embeddedStore().comics(q)
        let numbers = try page.results.map { json -> Double in
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return object?["issueNumber"] as? Double ?? -1
        }
        XCTAssertGreaterThanOrEqual(numbers.count, 10)
        XCTAssertEqual(numbers, numbers.sorted(), "issues out of order: \(numbers)")
        q.orderBy = [Ordering(field: "title", descending: true)]
        let descending = try TestCatalogs.embeddedStore().comics(q).results
        XCTAssertEqual(descending.first, page.results.last)
    }
}
