import Catalog
import CatalogServer
import Foundation
import TestSupport
import XCTest

/// Catalogs and servers shared by the tests of this target (built once per test process).
enum TestCatalogs {
    /// One folder per user, reused across runs: the embedded catalog inside is keyed by the
    /// fixtures version, so later runs open it instead of importing again.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("marvel-gallery-catalog-tests-\(getuid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static var fixtures: URL { RepoPaths.fixtures.appendingPathComponent("catalog") }

    /// The embedded catalog, built into the scratch folder once.
    static let embedded: Result<CatalogStore, any Error> = Result {
        try EmbeddedCatalog.open(fixtures: fixtures, cacheDirectory: scratch)
    }

    static func embeddedStore() throws -> CatalogStore { try embedded.get() }

    /// An open server over the embedded catalog, shared by the read-only endpoint tests.
    static let sharedServer = Task<CatalogServer, any Error> {
        try await CatalogServer.start(CatalogServerOptions(source: .reader(try embeddedStore())))
    }

    static func server() async throws -> CatalogServer { try await sharedServer.value }

    /// The `*.building-PID` files (of a catalog build or install) left in a cache folder.
    static func buildFiles(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".building-") }
    }

    static func sharedFolder() throws -> URL {
        guard let shared = RepoPaths.shared else { throw XCTSkip("../shared is absent: recorded responses not available") }
        let recorded = shared.appendingPathComponent("marvel-recorded")
        guard FileManager.default.fileExists(atPath: recorded.path) else { throw XCTSkip("../shared/marvel-recorded is absent") }
        return recorded
    }
}

/// JSON helpers for assertions.
func jsonObject(_ reply: LoopbackHTTP.Reply, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(reply.body))
    return try XCTUnwrap(object as? [String: Any], "not a JSON object: \(reply.text.prefix(200))", file: file, line: line)
}

func results(_ envelope: [String: Any]) -> [[String: Any]] {
    ((envelope["data"] as? [String: Any])?["results"] as? [[String: Any]]) ?? []
}

func container(_ envelope: [String: Any]) -> [String: Any] { (envelope["data"] as? [String: Any]) ?? [:] }

extension XCTestCase {
    /// A new empty folder under the temporary directory, removed when the test ends.
    func freshFolder(_ prefix: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
