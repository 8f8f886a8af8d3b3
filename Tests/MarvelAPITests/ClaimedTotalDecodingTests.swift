import Foundation
import MarvelAPI
import XCTest

/// A page's `total` is a server's claim (issue 36): read as a count of positions, never past
/// 2^53, never negative, and a total that is not a number does not fail the page.
final class ClaimedTotalDecodingTests: XCTestCase {
    private func total(_ json: String, results: Int = 20, limit: Int = 20) throws -> Int {
        let records = (0..<results).map { #"{"id":\#($0),"name":"N\#($0)"}"# }.joined(separator: ",")
        let body = #"{"code":200,"data":{"offset":0,"limit":\#(limit),"total":\#(json),"count":\#(results),"results":[\#(records)]}}"#
        return try JSONDecoder().decode(DataWrapper<MarvelCharacter>.self, from: Data(body.utf8)).data.total
    }

    func testHostileTotalsAreReadAsBelievableCounts() throws {
        XCTAssertEqual(try total("1394"), 1394)
        XCTAssertEqual(try total("9223372036854775807"), 1 << 53)
        XCTAssertEqual(try total("4611686018427387904"), 1 << 53)
        XCTAssertEqual(try total("1e300"), 1 << 53)
        XCTAssertEqual(try total("-5"), 0)
        XCTAssertEqual(try total("-9223372036854775808"), 0)
        XCTAssertEqual(try total(#""lots""#), 1 << 53, "a full page: more may follow")
        XCTAssertEqual(try total(#""lots""#, results: 7), 7, "a short page ends the list")
        XCTAssertEqual(try total("[1]", results: 7), 7)
    }
}
