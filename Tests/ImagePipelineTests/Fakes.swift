import HTTPTransport
import XCTest
import Foundation
import ImageCore
import ImagePipeline
import MarvelAPI
import TestSupport

/// Decodes `IMG:<anything>` into an 8×8 image whose colour comes from the bytes' hash;
/// anything else is undecodable. Counts decodes.
final class FakeDecoder: ImageDecoding, @unchecked Sendable {
    let count = Locked(0)
    func decode(_ data: [UInt8]) throws -> PixelImage {
        count.withLock { $0 += 1 }
        guard data.starts(with: Array("IMG:".utf8)) else { throw ImagePipelineError.undecodable(.unknownFormat) }
        let c = Self.colour(of: data)
        return RGBImage(width: 8, height: 8, pixels: Array(repeating: [c.r, c.g, c.b], count: 64).flatMap { $0 })
    }
    static func colour(of data: [UInt8]) -> RGB {
        var h: UInt32 = 2166136261
        for b in data { h = (h ^ UInt32(b)) &* 16777619 }
        return RGB(UInt8(truncatingIfNeeded: h), UInt8(truncatingIfNeeded: h >> 8), UInt8(truncatingIfNeeded: h >> 16))
    }
}

/// Fills the box with the image's first pixel. Counts renders.
final class FakeRenderer: CellRendering, @unchecked Sendable {
    let count = Locked(0)
    func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage {
        count.withLock { $0 += 1 }
        let c: RGB? = RGB(image.pixels[0], image.pixels[1], image.pixels[2])
        let n = request.box.cols * request.box.rows
        return HalfBlockCells(cols: request.box.cols, rows: request.box.rows,
                              top: Array(repeating: c, count: n), bottom: Array(repeating: c, count: n))
    }
}

/// A temporary directory removed at deinit.
final class TempDir {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mg-pipe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

struct Harness {
    let loader: FakeLoader
    let decoder = FakeDecoder()
    let renderer = FakeRenderer()
    let pipeline: ImagePipeline
    let disk: DiskCache?

    init(loader: FakeLoader = FakeLoader(), disk: DiskCache? = nil, startDelay: Duration = .zero,
         configure: (inout ImagePipeline.Configuration) -> Void = { _ in }) {
        self.loader = loader
        self.disk = disk
        var config = ImagePipeline.Configuration(dataLoader: loader, dataCache: disk,
                                                 decoder: decoder, renderer: renderer)
        config.startDelay = startDelay
        config.retryPolicy = RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20))
        config.isNotAvailable = MarvelImage.isNotAvailable(url:)
        configure(&config)
        pipeline = ImagePipeline(configuration: config)
    }
}

func req(_ url: String, _ cols: Int = 10, _ rows: Int = 5) -> ImageRequest {
    ImageRequest(url: url, box: CellBox(cols: cols, rows: rows))
}

