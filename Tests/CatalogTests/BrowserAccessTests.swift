import Catalog
@testable import CatalogServer
import Foundation
import MarvelAPI
import TestSupport
import XCTest

/// CORS, preflights, referrer keys and what error bodies may say, over HTTP; the bad input of
/// issue 25 (odd preflights, huge, malformed and prefix-spoofing referrers, `Origin: null`)
/// gets the right 4xx with nothing of the request echoed.
final class BrowserAccessTests: XCTestCase {
    static let keys = APIKeys(publicKey: "pub-key-7", privateKey: "priv-key-9")

    func server(_ access: BrowserAccess) async throws -> CatalogServer {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.keys = Self.keys
        options.browser = access
        return try await CatalogServer.start(options)
    }

    func testReferrerPatterns() throws {
        let cases: [(String, String, Bool)] = [
            ("localhost:*", "http://localhost:5173/app/index.html", true),
            ("localhost:*", "http://localhost/", true),
            ("localhost:*", "http://localhost.evil.com/", false),
            ("localhost:*", "http://localhost.evil.com:5173/", false),
            ("localhost:*", "http://evil.com/?localhost:5173", false),
            ("localhost:*", "http://localhost:80@evil.com/", false),
            ("localhost", "http://localhost/", true),
            // No port: any port (browsers send the origin, port included; Marvel's portal took
            // `localhost` for a page on any port of it).
            ("localhost", "http://localhost:8080/", true),
            ("localhost", "http://localhost:5173", true),
            ("example.com", "https://example.com:8443/", true),
            ("example.com", "https://evil.com:443/", false),
            ("*.example.com", "https://app.example.com/page", true),
            ("*.example.com", "https://a.b.example.com/", true),
            ("*.example.com", "https://example.com/", false),
            ("*.example.com", "https://evil-example.com/", false),
            ("*.example.com", "https://example.com.evil.com/", false),
            ("https://*.example.com", "http://app.example.com/", false),
            ("127.0.0.1:5173", "http://127.0.0.1:5173/", true),
            ("127.0.0.1:5173", "http://127.0.0.1:5174/", false),
            ("example.com/gallery/*", "http://example.com/gallery/x.html", true),
            ("example.com/gallery/*", "http://example.com/other/x.html", false),
            ("*.*", "http://a.b/", true),
            ("localhost:*", "null", false),
            ("localhost:*", "", false),
            ("localhost:*", "localhost:5173", false),
            ("localhost:*", "javascript:alert(1)", false),
            ("localhost:*", "http://localhost:99999/", false),
            ("localhost:*", "http://local host/", false),
            ("localhost:*", "http://localhost:5173/" + String(repeating: "a", count: 5000), false),
        ]
        for (pattern, referrer, expected) in cases {
            let parsed = try ReferrerPattern(pattern)
            let matched = BrowserReferrer(referrer).map { parsed.matches($0) } ?? false
            XCTAssertEqual(matched, expected, "\(pattern) vs \(referrer.prefix(60))")
        }
        for bad in ["", "ftp://x.com", "local host", "x.com:0", "x.com:70000", "user@x.com", String(repeating: "a", count: 600)] {
            XCTAssertThrowsError(try ReferrerPattern(bad), bad)
        }
    }

    func testApikeyAloneFromAnAllowedPageAndNothingElse() async throws {
        let server = try await server(BrowserAccess(allowedReferrers: [try ReferrerPattern("localhost:*")]))
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let target = "/v1/public/characters?apikey=pub-key-7&limit=2"
        XCTAssertEqual(try http.get(target, headers: ["Referer": "http://localhost:5173/app"]).status, 200)
        XCTAssertEqual(try http.get(target, headers: ["Origin": "http://localhost:3000"]).status, 200, "Origin when no Referer")
        let refused: [(String, String)] = [
            ("Referer", "http://localhost.evil.com/"), ("Referer", "http://localhost:80@evil.com/"),
            ("Origin", "null"), ("Referer", "::::not a url"), ("Referer", "http://evil.com/"),
            ("Referer", "http://localhost:5173/" + String(repeating: "x", count: 60_000)),
        ]
        for (name, value) in refused {
            let reply = try http.get(target, headers: [name: value])
            XCTAssertEqual(reply.status, 401, "\(name): \(value.prefix(60))")
            XCTAssertTrue(reply.text.hasPrefix("{\"code\":\"InvalidReferer\""), reply.text)
            XCTAssertLessThan(reply.body.count, 200, "nothing echoed")
            XCTAssertFalse(reply.text.contains("pub-key-7") || reply.text.contains("evil"), reply.text)
            XCTAssertEqual(reply.header("Cache-Control"), "no-store")
            XCTAssertEqual(reply.header("Access-Control-Allow-Origin"), "*", "a page can read the error")
        }
        // A header list past the HTTP decoder's 80 KB limit: 400, and the server stays up.
        let huge = try http.get(target, headers: ["Referer": "http://localhost/" + String(repeating: "y", count: 100_000)])
        XCTAssertEqual(huge.status, 400)
        XCTAssertEqual(try LoopbackHTTP(port: server.port).get(target, headers: ["Referer": "http://localhost/"]).status, 200)
        // A wrong key from an allowed page; no referrer at all (a server app): the contract's texts.
        let wrongKey = try http.get("/v1/public/characters?apikey=other", headers: ["Referer": "http://localhost/"])
        XCTAssertEqual(wrongKey.status, 401)
        XCTAssertTrue(wrongKey.text.contains("The passed API key is invalid."))
        let noReferrer = try http.get(target)
        XCTAssertEqual(noReferrer.status, 409)
        XCTAssertTrue(noReferrer.text.contains("You must provide a hash."))
        // Signed requests work unchanged, from anywhere.
        let hash = MarvelCredentials(publicKey: "pub-key-7", privateKey: "priv-key-9").hash(timestamp: "1")
        XCTAssertEqual(try http.get(target + "&ts=1&hash=\(hash)", headers: ["Referer": "http://evil.com/"]).status, 200)
        XCTAssertEqual(try http.get(target + "&ts=1&hash=bad").status, 401)
    }

    /// An answer a browser key let through depends on the page: it says so (`Vary: Referer,
    /// Origin`), so a shared cache in front (deploy/nginx) never hands it to another page or to a
    /// request with no referrer. A signed answer does not depend on the page and does not say so.
    func testAnAnswerLetThroughForAPageVariesByReferrer() async throws {
        let server = try await server(BrowserAccess(cors: .origins(["http://localhost:5173"]),
                                                    allowedReferrers: [try ReferrerPattern("localhost:*")]))
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let target = "/v1/public/characters?apikey=pub-key-7&limit=2"
        let page = try http.get(target, headers: ["Referer": "http://localhost:5173/", "Origin": "http://localhost:5173"])
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Vary"), "Accept-Encoding, Referer, Origin", "each name once")
        XCTAssertEqual(page.header("Cache-Control"), "public, max-age=3600")
        let hash = MarvelCredentials(publicKey: "pub-key-7", privateKey: "priv-key-9").hash(timestamp: "1")
        let signed = try http.get(target + "&ts=1&hash=\(hash)", headers: ["Origin": "http://localhost:5173"])
        XCTAssertEqual(signed.status, 200)
        XCTAssertEqual(signed.header("Vary"), "Accept-Encoding, Origin")
    }

    func testWithoutReferrersApikeyAloneStillNeedsAHash() async throws {
        let server = try await server(BrowserAccess())
        defer { Task { await server.stop() } }
        let reply = try LoopbackHTTP(port: server.port).get("/v1/public/characters?apikey=pub-key-7",
                                                             headers: ["Referer": "http://localhost/"])
        XCTAssertEqual(reply.status, 409)
        XCTAssertTrue(reply.text.contains("You must provide a hash."))
    }

    func testCORSHeadersAndPreflights() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        let ok = try http.get("/v1/public/characters?limit=1", headers: ["Origin": "http://localhost:5173"])
        XCTAssertEqual(ok.header("Access-Control-Allow-Origin"), "*")
        XCTAssertEqual(ok.header("Access-Control-Expose-Headers"), "ETag, X-Unknown-Fields")
        let answered = server.answeredOnEventLoop
        let again = try http.get("/v1/public/characters?limit=1", headers: ["Origin": "http://localhost:5173"])
        XCTAssertEqual(server.answeredOnEventLoop, answered + 1, "the kept page, answered on the event loop")
        XCTAssertEqual(again.lines.filter { !$0.hasPrefix("Date:") }, ok.lines.filter { !$0.hasPrefix("Date:") })
        let preflight = try http.get("/v1/public/characters?apikey=x", headers: [
            "Origin": "http://localhost:5173", "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "if-none-match, accept-encoding"], method: "OPTIONS")
        XCTAssertEqual(preflight.status, 204)
        XCTAssertEqual(preflight.header("Access-Control-Allow-Methods"), "GET, HEAD, OPTIONS")
        XCTAssertEqual(preflight.header("Access-Control-Allow-Headers"), "If-None-Match, Accept-Encoding")
        XCTAssertEqual(preflight.header("Access-Control-Allow-Origin"), "*")
        XCTAssertEqual(try http.get("/v1/public/characters", headers: ["Origin": "null", "Access-Control-Request-Method": "HEAD"],
                                    method: "OPTIONS").status, 204)
        // Odd preflights: another method, a header not allowed, 200 junk headers; never echoed.
        let delete = try http.get("/v1/public/characters", headers: ["Origin": "http://a.b", "Access-Control-Request-Method": "DELETE"],
                                  method: "OPTIONS")
        XCTAssertEqual(delete.status, 405)
        XCTAssertEqual(delete.header("Allow"), "GET, HEAD, OPTIONS")
        let junk = (0..<200).map { "x-evil-\($0)" }.joined(separator: ",")
        for headers in ["X-Evil-Header", "if-none-match, authorization", junk, ",,,", "\u{7f}"] {
            let reply = try http.get("/v1/public/characters", headers: [
                "Origin": "http://a.b", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": headers],
                method: "OPTIONS")
            if headers == ",,," { XCTAssertEqual(reply.status, 204); continue }
            XCTAssertTrue([400, 403].contains(reply.status), "\(headers.prefix(40)): \(reply.status)")
            XCTAssertFalse(reply.text.lowercased().contains("evil") || reply.text.contains("authorization"), reply.text)
        }
        XCTAssertEqual(try http.get("/v1/public/characters", method: "OPTIONS").header("Allow"), "GET, HEAD, OPTIONS")
        let post = try http.get("/v1/public/characters", method: "POST")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.header("Allow"), "GET, HEAD, OPTIONS")
    }

    func testListedOriginsAndNoCORS() async throws {
        let listed = try await server(BrowserAccess(cors: .origins(["http://localhost:5173"])))
        defer { Task { await listed.stop() } }
        let http = LoopbackHTTP(port: listed.port)
        let mine = try http.get("/v1/public/characters", headers: ["Origin": "http://localhost:5173"])
        XCTAssertEqual(mine.header("Access-Control-Allow-Origin"), "http://localhost:5173")
        XCTAssertEqual(mine.header("Vary"), "Accept-Encoding, Origin")
        XCTAssertNil(try http.get("/v1/public/characters", headers: ["Origin": "http://localhost:5174"]).header("Access-Control-Allow-Origin"))

        XCTAssertEqual(try http.get("/v1/public/characters", headers: ["Origin": "null", "Access-Control-Request-Method": "GET"],
                                    method: "OPTIONS").status, 403)
        let off = try await server(BrowserAccess(cors: .off))
        defer { Task { await off.stop() } }
        let none = try LoopbackHTTP(port: off.port).get("/v1/public/characters", headers: ["Origin": "http://localhost:5173"])
        XCTAssertNil(none.header("Access-Control-Allow-Origin"))
        XCTAssertNil(none.header("Access-Control-Expose-Headers"))
    }

    func testErrorBodiesNeverCarryTheCredentials() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        let secret = ["apikey=SECRETKEY", "ts=TSVALUE", "hash=HASHVALUE"].joined(separator: "&")
        for target in ["/v1/public/nothere?\(secret)&limit=5", "/v1/public/characters/1/creators?\(secret)",
                       "/nothing?\(secret)", "/v1/public/characters/abc?\(secret)", "/v1/public/characters?\(secret)&bogus=1",
                       "/v1/public/characters?\(secret)&orderBy=\(String(repeating: "z", count: 5000))"] {
            let reply = try http.get(target)
            XCTAssertGreaterThanOrEqual(reply.status, 400, target)
            for value in ["SECRETKEY", "TSVALUE", "HASHVALUE"] { XCTAssertFalse(reply.text.contains(value), "\(target): \(reply.text)") }
            XCTAssertLessThan(reply.body.count, 400, "a 5 KB value is not sent back whole")
            XCTAssertEqual(reply.header("Cache-Control"), "no-store")
        }
        let notFound = try http.get("/v1/public/nothere?apikey=SECRETKEY&limit=5")
        XCTAssertEqual(notFound.text, #"{"code":"ResourceNotFound","message":"/v1/public/nothere?limit=5 does not exist"}"#)
    }

    func testCacheControlMatchesETagsAnd304s() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        let page = try http.get("/v1/public/comics?limit=3")
        XCTAssertEqual(page.header("Cache-Control"), "public, max-age=3600")
        let etag = try XCTUnwrap(page.header("ETag"))
        let again = try http.get("/v1/public/comics?limit=3", headers: ["If-None-Match": etag])
        XCTAssertEqual(again.status, 304)
        XCTAssertEqual(again.header("Cache-Control"), "public, max-age=3600")
        XCTAssertEqual(again.header("ETag"), etag)
        let picture = "/u/prod/marvel/i/mg/b/40/image_not_available/standard_small.jpg"
        let image = try http.get(picture)
        XCTAssertEqual(image.header("Cache-Control"), "public, max-age=86400")
        let revalidated = try http.get(picture, headers: ["If-None-Match": try XCTUnwrap(image.header("ETag"))])
        XCTAssertEqual(revalidated.status, 304)
        XCTAssertEqual(revalidated.header("Cache-Control"), "public, max-age=86400")
        XCTAssertEqual(try http.get("/v1/public/comics?limit=0").header("Cache-Control"), "no-store")
    }
}
