import Catalog
import CatalogServer
import Foundation
import TestSupport
import XCTest

/// The compatibility promise: esak, a maintained Python client of the Marvel API, installed from
/// PyPI into a virtual environment under .build, runs every list, by-id and cross route of the six
/// resource types (scripts/esak_contract.py) against the server with 0 failures.
final class EsakContractTests: XCTestCase {
    func testEsakAgainstTheEmbeddedCatalog() async throws {
        let python = try EsakEnvironment.python.get()
        let output = try await run(python, on: try TestCatalogs.embeddedStore(), data: TestCatalogs.fixtures)
        XCTAssertTrue(output.contains(", 0 wrong fields in "), output)
    }

    func testEsakAgainstACatalogImportedFromRecordings() async throws {
        let recorded = try TestCatalogs.sharedFolder()
        let python = try EsakEnvironment.python.get()
        let store = try CatalogStore()
        let report = store.importPaths([recorded.path])
        XCTAssertGreaterThan(report.series.count, 0, report.summaryLine)
        XCTAssertGreaterThan(report.stories.count, 0, report.summaryLine)
        XCTAssertGreaterThan(report.events.count, 0, report.summaryLine)
        // Creators come only as summaries in the recordings: served from what comics and series name.
        XCTAssertGreaterThan(try store.entities(.creators, EntityFilter()).total, 0)
        try await run(python, on: store)
    }

    /// esak's summary line and any wrong fields it decoded (compared with `data` when given).
    @discardableResult
    private func run(_ python: String, on store: CatalogStore, data: URL? = nil) async throws -> String {
        var options = CatalogServerOptions(source: .reader(store))
        options.keys = APIKeys(publicKey: "pub", privateKey: "priv")
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        let result = try EsakEnvironment.runContract(base: server.baseURL, publicKey: "pub", privateKey: "priv", data: data)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains(" 39 calls, 0 failures"), result.output)
        print(result.output.split(separator: "\n").last.map(String.init) ?? "")
        return result.output
    }
}

/// The other two Python clients of the Marvel API on PyPI, with every method they offer
/// (scripts/client_contracts.py): marvelous decodes every answer with its schemas, marvelpy
/// fetches every list, by-id and cross route. 0 failures and 0 wrong fields (what they got
/// compared with Fixtures/catalog), against the embedded catalog signed
/// as they sign, and behind the referrer and CORS options (which must not change signed calls).
final class ThirdPartyClientContractTests: XCTestCase {
    func testMarvelousAndMarvelpyAgainstTheEmbeddedCatalog() async throws {
        _ = try EsakEnvironment.python.get()
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.keys = APIKeys(publicKey: "pub", privateKey: "priv")
        options.browser = BrowserAccess(cors: .anyOrigin, allowedReferrers: [try ReferrerPattern("localhost:*")])
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        for client in ["marvelous", "marvelpy"] {
            let result = try EsakEnvironment.runClient(client, base: server.baseURL, publicKey: "pub", privateKey: "priv",
                                                       data: TestCatalogs.fixtures)
            XCTAssertEqual(result.status, 0, result.output)
            let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertTrue(summary.hasPrefix(client) && summary.contains(" calls, 0 failures, 0 wrong fields in "), result.output)
            print(summary)
        }
    }
}
