import Catalog
@testable import CatalogServer
import Foundation
import XCTest

/// gzip answers stitched from entities deflated once (`DeflatePiece`, `GzipStitcher`): zlib
/// (`Gzip.decompress`) reads them back as exactly the JSON the same request gets unzipped, with
/// the envelope's ETag (the gzip body's with `-gzip`) and 304s, for pages of every type, cold (no answer cache) and cached.
final class StitchedGzipTests: XCTestCase {
    /// Pieces (alone, or deflated after the bytes before them) and glue in every order and size
    /// (empty, one byte, over one stored block's 65,535, pieces back to back, glue back to back)
    /// decompress to the bytes joined.
    func testStitchedMemberIsTheJoinedBytes() throws {
        enum Part { case stored([UInt8]), alone([UInt8]), afterWhatCameBefore([UInt8]) }
        let text = Array(String(repeating: "{\"name\":\"Spider-Man\",\"resourceURI\":\"http://127.0.0.1/v1/public/characters/1\"},", count: 40).utf8)
        let noise = (0..<3_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        let shapes: [[Part]] = [
            [.stored(Array("{\"a\":[".utf8)), .alone(text), .stored([UInt8(ascii: ",")]), .afterWhatCameBefore(text),
             .stored([UInt8(ascii: ",")]), .afterWhatCameBefore(noise), .stored(Array("]}}".utf8))],
            [.alone(text), .alone(noise), .afterWhatCameBefore(noise + text), .alone([])],
            [.stored([]), .stored(Array(repeating: UInt8(ascii: "x"), count: 70_000)), .afterWhatCameBefore(text)],
            [.alone(Array(repeating: UInt8(ascii: "y"), count: 200_000)), .stored([7]), .stored([8])],
            [],
        ]
        for (n, shape) in shapes.enumerated() {
            var stitcher = GzipStitcher(capacity: 0)
            var joined: [UInt8] = []
            for part in shape {
                switch part {
                case .stored(let bytes):
                    stitcher.appendStored(bytes)
                    joined += bytes
                case .alone(let bytes):
                    stitcher.append(try XCTUnwrap(DeflatePiece(bytes)))
                    joined += bytes
                case .afterWhatCameBefore(let bytes):
                    stitcher.append(try XCTUnwrap(DeflatePiece(bytes, after: joined)))
                    joined += bytes
                }
            }
            let member = stitcher.finish()
            XCTAssertEqual(try Gzip.decompress(Array(member.readableBytesView)), joined, "shape \(n)")
        }
    }

    /// A piece is deflate, not stored, and one after its neighbour refers back into it.
    func testPiecesAreCompressed() throws {
        let json = Array(String(repeating: "{\"available\":0,\"collectionURI\":\"http://127.0.0.1:8080/v1/public/comics/1/stories\"}", count: 30).utf8)
        let piece = try XCTUnwrap(DeflatePiece(json))
        XCTAssertLessThan(piece.open.count, json.count / 5)
        XCTAssertEqual(piece.count, json.count)
        let after = try XCTUnwrap(DeflatePiece(json, after: json + [UInt8(ascii: ",")]))
        XCTAssertLessThan(after.open.count, piece.open.count / 2)
    }

    func testColdAnswersGunzipToTheirJSON() async throws {
        try await checkEveryType(answerCacheBytes: 0)
    }

    func testCachedAnswersGunzipToTheirJSON() async throws {
        try await checkEveryType(answerCacheBytes: 64 << 20)
    }

    /// Pages of 100 at several offsets and orderings, cross routes, one entity, and a page past
    /// the end, for all six types: asked plain, then gzip twice (the second from kept entities),
    /// then with If-None-Match.
    private func checkEveryType(answerCacheBytes: Int) async throws {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.answerCacheBytes = answerCacheBytes
        let server = try await CatalogServer.start(options)
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        var targets: [String] = []
        let orderings: [EntityKind: String] = [.characters: "-name", .comics: "title", .creators: "lastName",
                                               .events: "startDate", .series: "-startYear", .stories: "-id"]
        for kind in EntityKind.allCases {
            let list = "/v1/public/\(kind.rawValue)"
            targets += ["\(list)?limit=100", "\(list)?limit=100&offset=37&orderBy=\(orderings[kind]!)",
                        "\(list)?limit=3&offset=1000000"]
            let first = try jsonObject(try http.get("\(list)?limit=1"))
            let id = try XCTUnwrap(results(first).first?["id"] as? Int, "\(kind)")
            targets.append("\(list)/\(id)")
            for sub in kind.subCollections { targets.append("\(list)/\(id)/\(sub.rawValue)?limit=100") }
        }
        for target in targets {
            let plain = try http.get(target)
            XCTAssertEqual(plain.status, 200, target)
            XCTAssertNil(plain.header("Content-Encoding"), target)
            let etag = try XCTUnwrap(plain.header("ETag"), target)
            XCTAssertEqual(try jsonObject(plain)["etag"] as? String, etag, target)
            let packed = try http.get(target, headers: ["Accept-Encoding": "gzip"])
            XCTAssertEqual(packed.header("Content-Encoding"), "gzip", target)
            XCTAssertEqual(packed.header("ETag"), etag + "-gzip", "other bytes, their own strong tag: \(target)")
            XCTAssertEqual(packed.header("Content-Length"), String(packed.body.count), target)
            XCTAssertEqual(try Gzip.decompress(packed.body), plain.body, target)
            let again = try http.get(target, headers: ["Accept-Encoding": "gzip"])
            XCTAssertEqual(again.body, packed.body, "the same entities make the same bytes: \(target)")
            for held in [etag, etag + "-gzip"] {
                let unchanged = try http.get(target, headers: ["Accept-Encoding": "gzip", "If-None-Match": held])
                XCTAssertEqual(unchanged.status, 304, target)
                XCTAssertEqual(unchanged.body.count, 0, target)
                XCTAssertEqual(unchanged.header("ETag"), held, "the 304 confirms the copy the client holds: \(target)")
            }
        }
        await server.stop()
    }

    /// Stitched, not compressed whole: the envelope's head travels in a stored block, so its
    /// text is readable in the gzip bytes (zlib's whole-page deflate would have coded it).
    func testTheEnvelopeHeadIsStoredAndEntitiesAreDeflated() async throws {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.answerCacheBytes = 0
        let server = try await CatalogServer.start(options)
        let http = LoopbackHTTP(port: server.port)
        defer { http.close() }
        let plain = try http.get("/v1/public/comics?limit=100")
        let packed = try http.get("/v1/public/comics?limit=100", headers: ["Accept-Encoding": "gzip"])
        XCTAssertNotNil(LoopbackHTTP.find(Array("\"attributionText\":".utf8), in: packed.body))
        XCTAssertLessThan(packed.body.count, plain.body.count / 3)
        await server.stop()
    }
}
