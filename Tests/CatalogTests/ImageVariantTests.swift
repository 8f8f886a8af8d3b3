import Catalog
import CatalogServer
import Foundation
import ImageCore
import MarvelAPI
import TestSupport
import XCTest

/// Images at thumbnail paths, in every documented variant, resized with ImageCore.
final class ImageVariantTests: XCTestCase {
    /// A thumbnail of the embedded catalog that has a real original (not the placeholder).
    func thumbnail(format: String = "jpg") async throws -> (server: CatalogServer, path: String, token: String) {
        let server = try await TestCatalogs.server()
        let page = try TestCatalogs.embeddedStore().characters(CharacterFilter())
        for json in page.results {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let thumb = try XCTUnwrap(object["thumbnail"] as? [String: String])
            guard let path = thumb["path"], thumb["extension"] == format, !path.hasSuffix("image_not_available") else { continue }
            let relative = String(path.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })  // strip scheme://host
            return (server, relative, String(path.split(separator: "/").last!))
        }
        throw XCTSkip("no \(format) thumbnail on the first page")
    }

    func testEveryVariantHasItsDocumentedSize() async throws {
        let (server, path, _) = try await thumbnail()
        let http = LoopbackHTTP(port: server.port)
        for variant in ImageVariant.allCases where variant.size != nil {
            let reply = try http.get("\(path)/\(variant.rawValue).jpg")
            XCTAssertEqual(reply.status, 200, variant.rawValue)
            XCTAssertEqual(reply.header("Content-Type"), "image/jpeg")
            let picture = try ImageDecoder.decode(reply.body)
            XCTAssertEqual(picture.width, variant.size!.width, variant.rawValue)
            XCTAssertEqual(picture.height, variant.size!.height, variant.rawValue)
        }
        let detail = try ImageDecoder.decode(try http.get("\(path)/detail.jpg").body)
        XCTAssertLessThanOrEqual(detail.width, 500)
        XCTAssertGreaterThan(detail.width, 0)
    }

    /// The sizes are the contract's own table (MARVEL_API.md section 6), read from the file:
    /// every documented variant, `standard_small` at its documented 65x45.
    func testVariantSizesAreTheContractsTable() throws {
        guard let shared = RepoPaths.shared else { throw XCTSkip("../shared is absent: the contract text is not available") }
        let text = try String(contentsOf: shared.appendingPathComponent("MARVEL_API.md"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"`([a-z]+_[a-z]+)` \| (\d+)x(\d+)"#)
        var documented: [String: (Int, Int)] = [:]
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let field = { (n: Int) in String(text[Range(match.range(at: n), in: text)!]) }
            documented[field(1)] = (Int(field(2))!, Int(field(3))!)
        }
        let sized = ImageVariant.allCases.filter { $0.size != nil }
        XCTAssertEqual(Set(documented.keys), Set(sized.map(\.rawValue)), "every documented variant, no other")
        for variant in sized {
            XCTAssertTrue(documented[variant.rawValue].map { $0 == variant.size! } ?? false,
                          "\(variant.rawValue): \(variant.size!) against \(String(describing: documented[variant.rawValue]))")
        }
        XCTAssertTrue(documented["standard_small"]! == (65, 45))
    }

    func testFullSizeIsTheOriginalAndETagsWork() async throws {
        let (server, path, token) = try await thumbnail()
        let http = LoopbackHTTP(port: server.port)
        let original = try XCTUnwrap(try TestCatalogs.embeddedStore().image(token: token))
        let full = try http.get("\(path).jpg")
        XCTAssertEqual(full.status, 200)
        XCTAssertEqual(Data(full.body), original.bytes)
        let etag = try XCTUnwrap(full.header("ETag"))
        XCTAssertEqual(try http.get("\(path).jpg", headers: ["If-None-Match": etag]).status, 304)
        let variant = try http.get("\(path)/portrait_small.jpg")
        let tag = try XCTUnwrap(variant.header("ETag"))
        let cached = try http.get("\(path)/portrait_small.jpg")
        XCTAssertEqual(cached.body, variant.body, "rendered once, then cached")
        XCTAssertEqual(try http.get("\(path)/portrait_small.jpg", headers: ["If-None-Match": tag]).status, 304)
    }

    func testPNGPlaceholderBrokenAndMissingImages() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        let png = try await thumbnail(format: "png")
        let variant = try http.get("\(png.path)/standard_large.png")
        XCTAssertEqual(variant.header("Content-Type"), "image/png")
        XCTAssertEqual(try ImageDecoder.decode(variant.body).width, 140)
        let placeholder = try http.get("/u/prod/marvel/i/mg/b/40/image_not_available/portrait_xlarge.jpg")
        XCTAssertEqual(placeholder.status, 200)
        XCTAssertEqual(try ImageDecoder.decode(placeholder.body).height, 225)
        XCTAssertEqual(try http.get("/u/prod/marvel/i/mg/0/00/nope/portrait_xlarge.jpg").status, 404)
        // The catalog has no broken pictures (they are test fixtures and a fault option).
        XCTAssertEqual(try http.get("/u/prod/marvel/i/mg/0/00/corrupt_cover/portrait_xlarge.jpg").status, 404)
        XCTAssertEqual(try http.get("/u/prod/marvel/i/mg/0/00/oversized_cover/portrait_xlarge.png").status, 404)
    }

    /// `--hostile-covers`: the two broken shapes of Fixtures/hostile, served so clients meet
    /// their own error paths; never cached by a browser (`no-store`).
    func testHostileCoversComeOnlyFromTheFaultOption() async throws {
        var options = CatalogServerOptions(source: .reader(try TestCatalogs.embeddedStore()))
        options.faults.hostileCoverRate = 0.25
        let server = try await CatalogServer.start(options)
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        let corrupt = try http.get("/u/prod/marvel/i/mg/0/00/corrupt_cover/portrait_xlarge.jpg")
        XCTAssertEqual(corrupt.status, 200)
        XCTAssertEqual(corrupt.header("Cache-Control"), "no-store")
        XCTAssertEqual(Array(corrupt.body.prefix(2)), [0xFF, 0xD8], "a JPEG")
        XCTAssertThrowsError(try ImageDecoder.decode(corrupt.body))
        let oversized = try http.get("/u/prod/marvel/i/mg/0/00/oversized_cover/portrait_xlarge.png")
        XCTAssertEqual(oversized.body.count, 69)
        XCTAssertThrowsError(try ImageDecoder.decode(oversized.body))
        // The same shapes as the test fixtures.
        let fixture = try Data(contentsOf: RepoPaths.fixtures.appendingPathComponent("hostile/oversized_cover.png"))
        XCTAssertEqual(Data(oversized.body), fixture)
        let fixtureJPEG = try Data(contentsOf: RepoPaths.fixtures.appendingPathComponent("hostile/corrupt_cover.jpg"))
        XCTAssertThrowsError(try ImageDecoder.decode([UInt8](fixtureJPEG)))
        // About a quarter of the catalog's covers, the same ones on every request.
        let page = try TestCatalogs.embeddedStore().comics(ComicFilter())
        var hostile = 0
        for json in page.results {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let thumb = try XCTUnwrap(object["thumbnail"] as? [String: String])
            let path = String(thumb["path"]!.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }) + "/portrait_small." + thumb["extension"]!
            let first = try http.get(path), second = try http.get(path)
            XCTAssertEqual(first.body, second.body, path)
            if (try? ImageDecoder.decode(first.body)) == nil { hostile += 1 }
        }
        XCTAssertTrue((1...15).contains(hostile), "\(hostile) of \(page.results.count)")
    }

    /// Imported recordings have no image originals. A picture the catalog does not hold is a
    /// 404 (a drawn stand-in answered with 200 could not be told from the real picture), and
    /// Marvel's own `image_not_available` path answers the contract's placeholder at every variant.
    func testPicturesTheCatalogDoesNotHoldAreNotInvented() async throws {
        let recorded = try TestCatalogs.sharedFolder()
        let store = try CatalogStore()
        _ = store.importPaths([recorded.path])
        let server = try await CatalogServer.start(CatalogServerOptions(source: .reader(store)))
        defer { Task { await server.stop() } }
        let http = LoopbackHTTP(port: server.port)
        for path in ["/u/prod/marvel/i/mg/c/e0/535fecbbb9784/portrait_medium.jpg", "/u/prod/marvel/i/mg/c/e0/535fecbbb9784.jpg"] {
            XCTAssertEqual(try http.get(path).status, 404, path)
        }
        for (variant, width) in [("portrait_medium", 100), ("standard_xlarge", 200), ("landscape_small", 120)] {
            let reply = try http.get("/u/prod/marvel/i/mg/b/40/image_not_available/\(variant).jpg")
            XCTAssertEqual(reply.status, 200, variant)
            XCTAssertEqual(try ImageDecoder.decode(reply.body).width, width, variant)
        }
        XCTAssertEqual(try http.get("/u/prod/marvel/i/mg/b/40/image_not_available.jpg").status, 200)
    }
}
