import Catalog
@testable import CatalogServer
import Foundation
import XCTest

/// RFC 9110 §8.8.3: a strong ETag names one representation's bytes, so the gzip body and the
/// identity body of one answer carry different tags (they shared one: a cache or proxy could
/// hand either for the other, If-Range could join ranges of both). The identity tag stays the
/// contract's (40 hex, unquoted, the body's `etag`); If-None-Match with either gets a 304 that
/// names the copy the client holds; every form varies by Accept-Encoding.
final class RepresentationETagTests: XCTestCase {
    func testColdAnswers() async throws { try await checkTags(answerCacheBytes: 0) }

    func testKeptAnswers() async throws { try await checkTags(answerCacheBytes: 64 << 20) }

    private func checkTags(answerCacheBytes: Int) async throws {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.answerCacheBytes = answerCacheBytes
        let server = try await CatalogServer.start(options)
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        for target in ["/v1/public/characters?limit=20", "/v1/public/comics?limit=3&offset=5", "/v1/public/series?limit=100"] {
            // Gzip first on the kept server: a page first built as gzip keeps the same two tags.
            let packed = try http.get(target, headers: ["Accept-Encoding": "gzip"])
            let plain = try http.get(target)
            let body = try jsonObject(plain)
            let etag = try XCTUnwrap(plain.header("ETag"), target)
            XCTAssertNotNil(etag.wholeMatch(of: /[0-9a-f]{40}/), "the contract's tag on the identity body: \(etag)")
            XCTAssertEqual(body["etag"] as? String, etag, target)
            XCTAssertEqual(packed.header("Content-Encoding"), "gzip", target)
            let gzipTag = try XCTUnwrap(packed.header("ETag"), target)
            XCTAssertNotEqual(gzipTag, etag, "different bytes, different strong tags: \(target)")
            XCTAssertEqual(gzipTag, etag + "-gzip", target)
            XCTAssertFalse(gzipTag.hasPrefix("W/"), "still a strong validator")
            XCTAssertEqual(try Gzip.decompress(packed.body), plain.body, "the same JSON, its `etag` field the identity tag")
            for reply in [plain, packed] { XCTAssertEqual(reply.header("Vary"), "Accept-Encoding", target) }

            // If-None-Match: each client's own copy is confirmed, under the tag it holds.
            let cases: [(accept: String?, held: String, status: Int, tag: String)] = [
                (nil, etag, 304, etag),
                ("gzip", gzipTag, 304, gzipTag),
                ("gzip", etag, 304, etag),                 // an identity copy is readable by anyone
                ("gzip", "\"\(gzipTag)\"", 304, gzipTag),  // quoted
                ("gzip", "W/\"\(gzipTag)\"", 304, gzipTag), // weak comparison
                ("gzip", "*", 304, gzipTag),
                (nil, "*", 304, etag),
                (nil, gzipTag, 200, etag),                 // a gzip copy is no use to a client that cannot read gzip
                ("gzip;q=0", gzipTag, 200, etag),
                ("gzip", "0000000000000000000000000000000000000000-gzip", 200, gzipTag),
            ]
            for c in cases {
                var headers = ["If-None-Match": c.held]
                if let accept = c.accept { headers["Accept-Encoding"] = accept }
                let reply = try http.get(target, headers: headers)
                let what = "\(target) Accept-Encoding \(c.accept ?? "-") If-None-Match \(c.held)"
                XCTAssertEqual(reply.status, c.status, what)
                XCTAssertEqual(reply.header("ETag"), c.tag, what)
                XCTAssertEqual(reply.header("Vary"), "Accept-Encoding", what)
                if c.status == 304 { XCTAssertEqual(reply.body.count, 0, what) }
            }
        }
        // Kept answers: every request but each page's first was answered on the event loop.
        XCTAssertEqual(server.answeredOnEventLoop, answerCacheBytes > 0 ? 3 * 11 : 0)
        await server.stop()
    }

    /// Pictures are never gzip: one representation, the one tag, as before.
    func testPicturesKeepTheirOneTag() async throws {
        let http = LoopbackHTTP(port: try await TestCatalogs.server().port)
        defer { http.close() }
        let picture = "/u/prod/marvel/i/mg/b/40/image_not_available/standard_small.jpg"
        let image = try http.get(picture, headers: ["Accept-Encoding": "gzip"])
        XCTAssertEqual(image.status, 200)
        XCTAssertNil(image.header("Content-Encoding"))
        let tag = try XCTUnwrap(image.header("ETag"))
        XCTAssertFalse(tag.hasSuffix("-gzip"))
        XCTAssertEqual(try http.get(picture, headers: ["Accept-Encoding": "gzip", "If-None-Match": tag]).status, 304)
    }
}
