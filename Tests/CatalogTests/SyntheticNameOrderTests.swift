import CatalogServer
import Foundation
import TestSupport
import XCTest

/// The synthetic catalog's character orders: its list is kept in name byte order, so a page by
/// name ascending skips the sort, and every other order (and a name order after one) still sorts.
final class SyntheticNameOrderTests: XCTestCase {
    /// Every character of a list (all pages): its name and `modified`.
    private func characters(_ target: String, _ http: LoopbackHTTP, line: UInt = #line) throws -> [(name: String, modified: String)] {
        try http.everyResult(target, line: line).map { ($0["name"] as? String ?? "", $0["modified"] as? String ?? "") }
    }

    private func byteOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    func testNameOrdersAndOrdersAfterAnother() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(source: .synthetic(characters: 450, comics: 500)))
        let http = LoopbackHTTP(port: server.port)
        let byName = try characters("/v1/public/characters?orderBy=name", http)
        XCTAssertEqual(byName.count, 450)
        XCTAssertEqual(byName.map(\.name), byName.map(\.name).sorted(by: byteOrder), "name: byte order")
        XCTAssertEqual(try characters("/v1/public/characters", http).map(\.name), byName.map(\.name), "no order: by name")
        XCTAssertEqual(try characters("/v1/public/characters?orderBy=-name", http).map(\.name),
                       byName.map(\.name).reversed(), "-name: reversed")
        let byModified = try characters("/v1/public/characters?orderBy=modified,name", http)
        XCTAssertEqual(byModified.count, 450)
        XCTAssertNotEqual(byModified.map(\.name), byName.map(\.name), "modified first is another order")
        for (a, b) in zip(byModified, byModified.dropFirst()) {
            // ISO 8601 in one zone: string order is time order.
            XCTAssertTrue(a.modified < b.modified || (a.modified == b.modified && byteOrder(a.name, b.name)), "\(a) before \(b)")
        }
        let nameThenModified = try characters("/v1/public/characters?orderBy=name,-modified", http)
        XCTAssertEqual(nameThenModified.map(\.name), byName.map(\.name), "name first: by name")
        await server.stop()
    }
}
