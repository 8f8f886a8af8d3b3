import Catalog
import CatalogServer
import Digests
import Foundation
import TestSupport
import XCTest

/// What people running a mirror expect: `GET /health`, an access log in nginx's combined
/// format with the credentials redacted, and `GET /openapi.json` made from the route table.
final class OperationsTests: XCTestCase {
    /// A live source that cannot answer, counting every request it is asked.
    final class DownSource: LiveSource, @unchecked Sendable {
        var asked = 0
        var name: String { "down" }
        var attribution: Attribution { .marvel }
        var capabilities: LiveSourceCapabilities { LiveSourceCapabilities(listParameters: [:], orders: [:]) }
        var answerMaxAge: Int { 0 }
        var health: SourceHealth { SourceHealth(canAnswer: false, reason: "credentials refused") }
        func answer(_ route: ContractRoute, _ params: QueryParameters, pathAndQuery: String,
                    base: String) async throws(APIFailure) -> RouteAnswer {
            asked += 1
            throw .gateway(503, "ServiceUnavailable", "down")
        }
        func image(path: String, urgency: Int, renderer: any ImageRendering) async -> LiveImage? {
            asked += 1
            return nil
        }
    }

    func testHealthNamesTheSourceAndTheCatalogVersion() async throws {
        let store = try TestCatalogs.embeddedStore()
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        let reply = try http.get("/health")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.header("Cache-Control"), "no-store")
        let object = try jsonObject(reply)
        XCTAssertEqual(object["status"] as? String, "ok")
        XCTAssertEqual(object["source"] as? String, "catalog")
        XCTAssertEqual(object["version"] as? String, try store.meta("fixtures-version"))
        XCTAssertEqual(try http.get("/health", method: "HEAD").status, 200)
        XCTAssertEqual(try http.get("/health", method: "POST").status, 405)
    }

    /// 503 with the source's reason, and the source is asked nothing: a health check polled
    /// every few seconds must not spend a live source's request budget.
    func testHealthOfASourceThatCannotAnswerIs503AndAsksItNothing() async throws {
        let source = DownSource()
        var options = CatalogServerOptions(source: .live(source))
        options.keys = APIKeys(publicKey: "pub", privateKey: "secret")
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        let reply = try LoopbackHTTP(port: server.port).get("/health")
        XCTAssertEqual(reply.status, 503)
        let object = try jsonObject(reply)
        XCTAssertEqual(object["status"] as? String, "unavailable")
        XCTAssertEqual(object["source"] as? String, "down")
        XCTAssertEqual(object["reason"] as? String, "credentials refused")
        XCTAssertEqual(source.asked, 0)
    }

    func testAccessLogIsNginxCombinedWithCredentialsRedacted() async throws {
        let folder = try freshFolder("access-log")
        let file = folder.appendingPathComponent("access.log").path
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.keys = APIKeys(publicKey: "pub-7f3a", privateKey: "priv-9c1d")
        options.accessLog = try AccessLog(path: file)
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let hash = Digest.md5Hex("1700000000priv-9c1dpub-7f3a")
        let signed = "/v1/public/characters?limit=2&apikey=pub-7f3a&ts=1700000000&hash=\(hash)"
        XCTAssertEqual(try http.get(signed, headers: ["User-Agent": "esak/2.0 \"quoted\"", "Referer": "http://localhost:5173/app"]).status, 200)
        XCTAssertEqual(try http.get("/v1/public/comics/1?apikey=pub-7f3a&password=hunter2").status, 409, "no ts, no hash")
        XCTAssertEqual(try http.get("/health").status, 200)
        let text = try waitForLines(file, 3)
        XCTAssertFalse(text.contains("pub-7f3a") || text.contains("priv-9c1d") || text.contains(hash) || text.contains("hunter2")
                       || text.contains("1700000000"), text)
        let lines = text.split(separator: "\n").map(String.init)
        // nginx's combined: $remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"
        let combined = try NSRegularExpression(pattern: #"^(\S+) - - \[(\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000)\] "([A-Z]+) (\S+) HTTP/1\.1" (\d{3}) (\d+) "([^"]*)" "([^"]*)"$"#)
        for line in lines {
            XCTAssertNotNil(combined.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        XCTAssertTrue(lines[0].hasPrefix("127.0.0.1 - - ["), lines[0])
        XCTAssertTrue(lines[0].contains("\"GET /v1/public/characters?limit=2&apikey=REDACTED&ts=REDACTED&hash=REDACTED HTTP/1.1\" 200 "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("\"http://localhost:5173/app\" \"esak/2.0 \\x22quoted\\x22\""), lines[0])
        XCTAssertTrue(lines[1].contains("\"GET /v1/public/comics/1?apikey=REDACTED&password=REDACTED HTTP/1.1\" 409 "), lines[1])
        XCTAssertTrue(lines[2].contains("\"GET /health HTTP/1.1\" 200 "), lines[2])
        let bytes = Int(lines[0].split(separator: " ")[9]) ?? 0
        XCTAssertGreaterThan(bytes, 100, "the body's length: \(lines[0])")
    }

    private func waitForLines(_ file: String, _ count: Int) throws -> String {
        var text = ""
        for _ in 0..<100 {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if text.split(separator: "\n").count >= count { return text }
            usleep(20_000)
        }
        return text
    }

    /// Every route of the table, with each list's parameters as the source honours them, and
    /// a document openapi-spec-validator (PyPI, in .build/openapi-venv) accepts.
    func testOpenAPIIsTheRouteTableAndValidates() async throws {
        let server = try await TestCatalogs.server()
        let reply = try LoopbackHTTP(port: server.port).get("/openapi.json")
        XCTAssertEqual(reply.status, 200)
        let document = try jsonObject(reply)
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let expected = EntityKind.allCases.reduce(0) { $0 + 2 + $1.subCollections.count }
        XCTAssertEqual(paths.count, expected)
        func parameters(_ path: String) throws -> [String: [String: Any]] {
            let get = try XCTUnwrap((paths[path] as? [String: Any])?["get"] as? [String: Any], path)
            let list = try XCTUnwrap(get["parameters"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
        }
        let characters = try parameters("/v1/public/characters")
        XCTAssertEqual(Set(characters.keys), ["name", "nameStartsWith", "nameContains", "modifiedSince", "comics", "series",
                                              "events", "stories", "orderBy", "limit", "offset", "apikey", "ts", "hash"])
        XCTAssertEqual((characters["limit"]?["schema"] as? [String: Any])?["maximum"] as? Int, 100)
        let order = ((characters["orderBy"]?["schema"] as? [String: Any])?["items"] as? [String: Any])?["enum"] as? [String]
        XCTAssertEqual(Set(order ?? []), ["name", "modified", "comics", "-name", "-modified", "-comics"])
        let comicsOfCharacter = try parameters("/v1/public/characters/{characterId}/comics")
        XCTAssertNil(comicsOfCharacter["characters"], "the scope's own filter is not a parameter there")
        XCTAssertNotNil(comicsOfCharacter["characterId"])
        XCTAssertNil(paths["/v1/public/characters/{characterId}/creators"], "a route the contract does not have")
        let responses = try XCTUnwrap(((paths["/v1/public/comics/{comicId}"] as? [String: Any])?["get"] as? [String: Any])?["responses"] as? [String: Any])
        XCTAssertEqual(Set(responses.keys), ["200", "304", "401", "404", "405", "409", "429", "500", "503"])

        let python = try OpenAPIValidator.python()
        let file = try freshFolder("openapi").appendingPathComponent("openapi.json")
        try Data(reply.body).write(to: file)
        let check = try EsakEnvironment.runProcess(python, ["-m", "openapi_spec_validator", file.path])
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(check.output.contains("OK"), check.output)
    }
}

/// openapi-spec-validator from PyPI in its own venv under .build (made once per checkout).
enum OpenAPIValidator {
    static let made: Result<String, any Error> = Result {
        let venv = RepoPaths.root.appendingPathComponent(".build/openapi-venv")
        let python = venv.appendingPathComponent("bin/python").path
        if FileManager.default.isExecutableFile(atPath: python),
           (try? EsakEnvironment.runProcess(python, ["-c", "import openapi_spec_validator"]).status) == 0 {
            return python
        }
        let made = try EsakEnvironment.runProcess("/usr/bin/env", ["python3", "-m", "venv", "--clear", venv.path])
        guard made.status == 0 else { throw XCTSkip("python3 -m venv failed (install python3-venv): \(made.output.suffix(300))") }
        let pip = try EsakEnvironment.runProcess(python, ["-m", "pip", "install", "--disable-pip-version-check", "-q", "--timeout", "20",
                                                          "openapi-spec-validator==0.7.1"])
        guard pip.status == 0 else {
            throw XCTSkip("pip could not install openapi-spec-validator from PyPI (offline?): \(pip.output.suffix(300))")
        }
        return python
    }

    static func python() throws -> String { try made.get() }
}
