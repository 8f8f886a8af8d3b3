import HTTPTransport
import XCTest
import Foundation
import ImageCore
import ImagePipeline
import MarvelAPI
import TestSupport

/// A loader with scripted latency, failures and holds, recording every start and cancel.
final class FakeLoader: DataLoading, @unchecked Sendable {
    struct State {
        var starts: [String] = []
        var completions: [String] = []
        var cancellations: [String] = []
        var held: Set<String> = []
        var holdAll = false
        var failures: [String: [ImagePipelineError]] = [:]
        var bodies: [String: [UInt8]] = [:]
        var running = 0
        var maxRunning = 0
    }
    let state = Locked(State())
    let latency: Duration

    init(latency: Duration = .milliseconds(5)) { self.latency = latency }

    static func body(for url: String) -> [UInt8] { Array("IMG:\(url)".utf8) }

    func loadData(from url: String) async throws -> [UInt8] {
        state.with {
            $0.starts.append(url)
            $0.running += 1
            $0.maxRunning = max($0.maxRunning, $0.running)
        }
        defer { state.with { $0.running -= 1 } }
        do {
            try await Task.sleep(for: latency)
            while state.with({ $0.holdAll || $0.held.contains(url) }) {
                try await Task.sleep(for: .milliseconds(1))
            }
        } catch {
            state.with { $0.cancellations.append(url) }
            throw error
        }
        if let error = state.with({ s -> ImagePipelineError? in
            guard var list = s.failures[url], !list.isEmpty else { return nil }
            let e = list.removeFirst()
            s.failures[url] = list
            return e
        }) { throw error }
        state.with { $0.completions.append(url) }
        return state.with { $0.bodies[url] } ?? Self.body(for: url)
    }

    func hits(_ url: String) -> Int { state.get.starts.filter { $0 == url }.count }
    var totalStarts: Int { state.get.starts.count }
    func release(_ url: String) { state.with { _ = $0.held.remove(url) } }
    func releaseAll() { state.with { $0.held.removeAll(); $0.holdAll = false } }
}

/// Decodes `IMG:<anything>` into an 8×8 image whose colour comes from the bytes' hash;
/// anything else is undecodable. Counts decodes.
final class FakeDecoder: ImageDecoding, @unchecked Sendable {
    let count = Locked(0)
    func decode(_ data: [UInt8]) throws -> PixelImage {
        count.with { $0 += 1 }
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
        count.with { $0 += 1 }
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

