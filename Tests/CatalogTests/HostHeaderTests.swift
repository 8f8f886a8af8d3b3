import Catalog
import CatalogServer
import Foundation
import XCTest

/// `serve` builds the links of its answers from the Host header (issue 36): a Host that is not
/// a host and port gets 400, never a key of its own in the JSON or an invalid body.
final class HostHeaderTests: XCTestCase {
    func testAnInvalidHostIsRefusedAndAValidOneIsUsedEscaped() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore())))
        defer { Task { await server.stop() } }
        for hostile in [#"a","x":"y"#, #"a"b"#, "a b", "a/b", "a\\b", "[zz]:80", "a:99999", "user@host"] {
            let reply = try LoopbackHTTP(port: server.port).get("/v1/public/characters?limit=1", headers: ["Host": hostile])
            XCTAssertEqual(reply.status, 400, "Host: \(hostile)")
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(reply.body)), "the 400's body is JSON: \(hostile)")
        }
        for valid in ["example.com:8080", "127.0.0.1", "[::1]:9000", "mirror.local"] {
            let reply = try LoopbackHTTP(port: server.port).get("/v1/public/characters?limit=1", headers: ["Host": valid])
            XCTAssertEqual(reply.status, 200, "Host: \(valid)")
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any], valid)
            let data = try XCTUnwrap(json["data"] as? [String: Any])
            let first = try XCTUnwrap((data["results"] as? [[String: Any]])?.first)
            XCTAssertTrue((first["resourceURI"] as? String)?.hasPrefix("http://\(valid)/v1/public/characters/") ?? false, "\(first)")
            XCTAssertEqual(Set(json.keys), ["code", "status", "copyright", "attributionText", "attributionHTML", "etag", "data"])
        }
    }
}
