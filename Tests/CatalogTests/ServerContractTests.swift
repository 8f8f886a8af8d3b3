import Catalog
import CatalogServer
import Foundation
import HTTPTransport
import XCTest

/// The exact bytes of the contract: error texts the client refuses to send, headers, 304,
/// gzip, methods and routes. Sent raw (LoopbackHTTP) or through HTTPTransport (libcurl).
final class ServerContractTests: XCTestCase {
    func raw() async throws -> LoopbackHTTP { LoopbackHTTP(port: try await TestCatalogs.server().port) }

    func testValidationErrorsHaveTheRealTexts() async throws {
        let http = try await raw()
        let cases: [(String, String)] = [
            ("/v1/public/characters?limit=101", "You may not request more than 100 items."),
            ("/v1/public/characters?limit=0", "You must pass an integer limit greater than 0."),
            ("/v1/public/characters?limit=-3", "You must pass an integer limit greater than 0."),
            ("/v1/public/characters?limit=abc", "You must pass an integer limit greater than 0."),
            ("/v1/public/comics?limit=1000", "You may not request more than 100 items."),
            ("/v1/public/characters?invalid_param=1", "We don't recognize the parameter invalid_param"),
            ("/v1/public/characters?apiKey=1", "We don't recognize the parameter apiKey"),
            ("/v1/public/characters/1011334?limit=5", "We don't recognize the parameter limit"),
            ("/v1/public/characters?name=", "name cannot be blank if it is set"),
            ("/v1/public/characters?name=0", "name cannot be blank if it is set"),
            ("/v1/public/characters?nameStartsWith=", "nameStartsWith cannot be blank if it is set"),
            ("/v1/public/characters?nameStartsWith=0", "nameStartsWith cannot be blank if it is set"),
            ("/v1/public/comics?title=", "title cannot be blank if it is set"),
            ("/v1/public/comics?titleStartsWith=0", "titleStartsWith cannot be blank if it is set"),
            ("/v1/public/characters?orderBy=goofiness", "goofiness is not a valid ordering parameter."),
            ("/v1/public/characters?orderBy=title", "title is not a valid ordering parameter."),
            ("/v1/public/comics?orderBy=name", "name is not a valid ordering parameter."),
            ("/v1/public/characters?orderBy=name,-bogus", "-bogus is not a valid ordering parameter."),
            ("/v1/public/characters?comics=a", "You must pass at least one valid issue id if you set the issue filter."),
            ("/v1/public/characters?comics=1,2,3,4,5,6,7,8,9,10,11", "You may not submit more than 10 issue ids."),
            ("/v1/public/characters?series=x", "You must pass at least one valid series if you set the series filter."),
            ("/v1/public/characters?series=1,2,3,4,5,6,7,8,9,10,11", "You may not submit more than 10 series ids."),
            ("/v1/public/characters/1011334/comics?characters=1", "We don't recognize the parameter characters"),
        ]
        for (target, text) in cases {
            let reply = try http.get(target)
            XCTAssertEqual(reply.status, 409, target)
            let body = try jsonObject(reply)
            XCTAssertEqual(body["code"] as? Int, 409, target)
            XCTAssertEqual(body["status"] as? String, text, target)
            XCTAssertNil(body["data"], target)
        }
    }

    func testRoutesMethodsAndNotFound() async throws {
        let http = try await raw()
        for target in ["/v1/public/creators/186/characters", "/v1/public/characters/1011334/creators",
                       "/v1/public/comics/1/series", "/v1/public/characters/abc", "/nowhere"] {
            let reply = try http.get(target)
            XCTAssertEqual(reply.status, 404, target)
            let body = try jsonObject(reply)
            XCTAssertEqual(body["code"] as? String, "ResourceNotFound", target)
            XCTAssertEqual(body["message"] as? String, "\(target) does not exist")
        }
        let post = try http.get("/v1/public/characters", method: "POST")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(try jsonObject(post)["message"] as? String, "POST is not allowed")
        let missing = try http.get("/v1/public/characters/42")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.text, #"{"code":404,"status":"We couldn't find that character"}"#)
        let missingComic = try http.get("/v1/public/comics/42/characters")
        XCTAssertEqual(missingComic.text, #"{"code":404,"status":"We couldn't find that comic_issue"}"#)
        // Offset past the end: 200, count 0, total intact.
        let past = try jsonObject(try http.get("/v1/public/comics?offset=1000000"))
        XCTAssertEqual(past["code"] as? Int, 200)
        XCTAssertEqual(container(past)["count"] as? Int, 0)
        XCTAssertEqual(container(past)["total"] as? Int, try TestCatalogs.embeddedStore().summary().comics)
        XCTAssertEqual(results(past).count, 0)
    }

    func testDetailIsAOneElementListWithDefaultLimit() async throws {
        let reply = try await raw().get("/v1/public/comics/\(try firstComicID())")
        let body = try jsonObject(reply)
        XCTAssertEqual(container(body)["total"] as? Int, 1)
        XCTAssertEqual(container(body)["count"] as? Int, 1)
        XCTAssertEqual(container(body)["limit"] as? Int, 20)
    }

    func testETagHeaderMatchesBodyAnd304() async throws {
        let http = try await raw()
        let first = try http.get("/v1/public/characters?nameStartsWith=A&limit=7")
        let etag = try XCTUnwrap(first.header("ETag"))
        XCTAssertEqual(etag.count, 40)
        XCTAssertFalse(etag.contains("\""), "unquoted like the real gateway")
        XCTAssertEqual(try jsonObject(first)["etag"] as? String, etag)
        let again = try http.get("/v1/public/characters?nameStartsWith=A&limit=7", headers: ["If-None-Match": etag])
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.body.count, 0)
        XCTAssertEqual(again.header("ETag"), etag)
        let quoted = try http.get("/v1/public/characters?limit=7&nameStartsWith=A", headers: ["If-None-Match": "\"\(etag)\""])
        XCTAssertEqual(quoted.status, 304, "parameter order and quotes do not matter")
        let other = try http.get("/v1/public/characters?nameStartsWith=B&limit=7", headers: ["If-None-Match": etag])
        XCTAssertEqual(other.status, 200)
        XCTAssertNotEqual(other.header("ETag"), etag)
    }

    func testGzipOnlyWhenAsked() async throws {
        let http = try await raw()
        let plain = try http.get("/v1/public/comics?limit=50")
        XCTAssertNil(plain.header("Content-Encoding"))
        let packed = try http.get("/v1/public/comics?limit=50", headers: ["Accept-Encoding": "gzip, deflate"])
        XCTAssertEqual(packed.header("Content-Encoding"), "gzip")
        XCTAssertEqual(packed.header("Content-Length"), String(packed.body.count))
        XCTAssertLessThan(packed.body.count, plain.body.count / 3)
        XCTAssertEqual(try Gzip.decompress(packed.body), plain.body)
        let refused = try http.get("/v1/public/comics?limit=50", headers: ["Accept-Encoding": "gzip;q=0"])
        XCTAssertNil(refused.header("Content-Encoding"))
        // Every form says it varies by Accept-Encoding, the plain ones too (a shared cache
        // would otherwise hand one client's form to the other).
        for reply in [plain, packed, refused] { XCTAssertEqual(reply.header("Vary"), "Accept-Encoding") }
        let etag = try XCTUnwrap(plain.header("ETag"))
        XCTAssertEqual(try http.get("/v1/public/comics?limit=50", headers: ["If-None-Match": etag]).header("Vary"), "Accept-Encoding",
                       "a 304 names what the 200 would vary by")
        // libcurl (HTTPTransport) asks for gzip and decodes it: same JSON, fewer wire bytes.
        let transport = try HTTPTransport()
        let server = try await TestCatalogs.server()
        let url = server.baseURL.appendingPathComponent("v1/public/comics").absoluteString + "?limit=50"
        let viaCurl = try await transport.send(HTTPRequest(url: URL(string: url)!))
        XCTAssertEqual(viaCurl.status, 200)
        XCTAssertEqual([UInt8](viaCurl.body), plain.body)
        XCTAssertLessThan(viaCurl.metrics.wireBodyBytes, plain.body.count / 3)
    }

    func testAuthErrorsWithKeysConfigured() async throws {
        let server = try await CatalogServer.start(CatalogServerOptions(
            source: .reader(try TestCatalogs.embeddedStore()), keys: APIKeys(publicKey: "1234", privateKey: "abcd")))
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let cases: [(String, Int, String, String)] = [
            ("", 409, "MissingParameter", "You must provide a user key."),
            ("apikey=1234", 409, "MissingParameter", "You must provide a hash."),
            ("apikey=1234&ts=1", 409, "MissingParameter", "You must provide a hash."),
            ("apikey=1234&hash=ffd275c5130566a2916217b101f26150", 409, "MissingParameter", "You must provide a timestamp."),
            ("apikey=9999&ts=1&hash=ffd275c5130566a2916217b101f26150", 401, "InvalidCredentials", "The passed API key is invalid."),
            ("apikey=&ts=1&hash=ffd275c5130566a2916217b101f26150", 401, "InvalidCredentials", "The passed API key is invalid."),
            ("apikey=1234&ts=2&hash=ffd275c5130566a2916217b101f26150", 401, "InvalidCredentials",
             "That hash, timestamp and key combination is invalid."),
            ("apikey=1234&ts=&hash=ffd275c5130566a2916217b101f26150", 401, "InvalidCredentials",
             "That hash, timestamp and key combination is invalid."),
        ]
        for (query, status, code, message) in cases {
            let reply = try http.get("/v1/public/comics?" + query)
            XCTAssertEqual(reply.status, status, query)
            let body = try jsonObject(reply)
            XCTAssertEqual(body["code"] as? String, code, query)
            XCTAssertEqual(body["message"] as? String, message, query)
        }
        // The documented test vector: ts=1, 1234/abcd -> ffd275c5130566a2916217b101f26150.
        let good = try http.get("/v1/public/comics?ts=1&apikey=1234&hash=ffd275c5130566a2916217b101f26150&limit=1")
        XCTAssertEqual(good.status, 200)
        // Without keys the server is open (the shared one).
        let open = try await raw()
        XCTAssertEqual(try open.get("/v1/public/comics?limit=1").status, 200)
    }

    private func firstComicID() throws -> Int {
        let json = try XCTUnwrap(try TestCatalogs.embeddedStore().comics(ComicFilter()).results.first)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try XCTUnwrap(object["id"] as? Int)
    }
}
