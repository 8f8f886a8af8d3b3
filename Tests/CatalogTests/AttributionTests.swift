import Catalog
import CatalogServer
import Foundation
import MarvelAPI
import XCTest

/// One attribution, one year: the fixtures' envelopes, the catalog server's answers (every type)
/// and the client's page all carry `MarvelAttribution.text`.
final class AttributionTests: XCTestCase {
    func testTheFixturesSayTheSameYearAsTheServer() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TestCatalogs.fixtures, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
        var seen: Set<String> = []
        for file in files {
            guard let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
                  let text = object["attributionText"] as? String else { continue }
            seen.insert(text)
            XCTAssertEqual(object["copyright"] as? String, MarvelAttribution.copyright, file.lastPathComponent)
        }
        XCTAssertEqual(seen, [MarvelAttribution.text], "every fixture envelope")
        XCTAssertTrue(MarvelAttribution.text.contains("© \(MarvelAttribution.year) "))
    }

    func testEveryRouteAnswersWithTheOneAttribution() async throws {
        let http = LoopbackHTTP(port: try await TestCatalogs.server().port)
        for kind in EntityKind.allCases {
            let envelope = try jsonObject(try http.get("/v1/public/\(kind.rawValue)?limit=1"))
            XCTAssertEqual(envelope["attributionText"] as? String, MarvelAttribution.text, kind.rawValue)
            XCTAssertEqual(envelope["copyright"] as? String, MarvelAttribution.copyright, kind.rawValue)
            XCTAssertEqual(envelope["attributionHTML"] as? String, MarvelAttribution.html, kind.rawValue)
        }
    }
}
