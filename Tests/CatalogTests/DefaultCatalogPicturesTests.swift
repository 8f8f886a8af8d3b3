import Catalog
import CatalogServer
import Foundation
import ImageCore
import MarvelAPI
import XCTest

/// Every picture the default catalog names (thumbnails and `images` of all six resource types)
/// decodes as `serve` hands it out: each at full size and at one documented variant in turn (so
/// every variant is asked of many pictures), and a sample of pictures at every variant, each
/// at the variant's documented size. Broken pictures live in Fixtures/hostile and behind
/// `--hostile-covers`, not here.
final class DefaultCatalogPicturesTests: XCTestCase {
    func testEveryPictureOfTheDefaultCatalogDecodesAtEveryVariant() async throws {
        let server = try await TestCatalogs.server()
        let http = LoopbackHTTP(port: server.port)
        var pictures: [String] = []  // server paths without extension + "." + extension
        for kind in EntityKind.allCases {
            for entity in try http.everyResult("/v1/public/\(kind.rawValue)") {
                let images = [entity["thumbnail"] as? [String: String]].compactMap { $0 } + (entity["images"] as? [[String: String]] ?? [])
                for image in images {
                    guard let path = image["path"], let ext = image["extension"] else { continue }
                    pictures.append(String(path.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }) + "." + ext)
                }
            }
        }
        let unique = Array(Set(pictures)).sorted()
        XCTAssertGreaterThan(unique.count, 500, "the catalog's pictures")
        let variants = ImageVariant.allCases.filter { $0 != .fullSize }
        var decoded = 0, failures: [String] = []
        func check(_ path: String, _ variant: ImageVariant) throws {
            let dot = path.lastIndex(of: ".")!
            let target = variant == .fullSize ? path : "\(path[..<dot])/\(variant.rawValue)\(path[dot...])"
            let reply = try http.get(target)
            guard reply.status == 200, let picture = try? ImageDecoder.decode(reply.body) else {
                failures.append("\(target): \(reply.status)")
                return
            }
            if let size = variant.size, picture.width != size.width || picture.height != size.height {
                failures.append("\(target): \(picture.width)x\(picture.height), documented \(size.width)x\(size.height)")
            }
            decoded += 1
        }
        for (n, path) in unique.enumerated() {
            try check(path, .fullSize)
            try check(path, variants[n % variants.count])
            if n % 40 == 0 || !path.hasSuffix(".jpg") {
                for variant in variants where variant != variants[n % variants.count] { try check(path, variant) }
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) pictures do not decode")
        print("default catalog: \(unique.count) pictures, \(decoded) answers decoded (full size, every variant in turn, "
              + "every variant of \(unique.enumerated().filter { $0.offset % 40 == 0 || !$0.element.hasSuffix(".jpg") }.count))")
    }
}
