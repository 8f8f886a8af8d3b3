import Foundation
import HTTPTransport
import ImageCore
import ImagePipeline

/// The pipeline's three seams filled with the project's real parts: libcurl (HTTPTransport)
/// for bytes, ImageCore for decoding, resampling and half-block cells. The gallery builds its
/// pipeline from these; they are small adapters, the work lives in those modules.
public enum PipelineParts {
    /// A pipeline with a disk cache in `cacheDirectory` (nil: memory only).
    public static func makePipeline(transport: HTTPTransport, cacheDirectory: URL?) throws -> ImagePipeline {
        let disk = cacheDirectory.map { DiskCache(configuration: DiskCache.Configuration(directory: $0)) }
        let configuration = ImagePipeline.Configuration(
            dataLoader: TransportDataLoader(transport: transport), dataCache: disk,
            decoder: ImageCoreDecoder(), renderer: ImageCoreRenderer())
        return ImagePipeline(configuration: configuration)
    }
}

/// Image bytes over HTTPTransport (libcurl). Statuses and transport failures become the
/// pipeline's errors so its retry policy can tell transient from permanent.
public struct TransportDataLoader: DataLoading {
    public let transport: HTTPTransport
    public init(transport: HTTPTransport) { self.transport = transport }

    public func loadData(from url: String) async throws -> [UInt8] {
        guard let target = URL(string: url) else { throw ImagePipelineError.transport("bad URL \(url)", retriable: false) }
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: target))
        } catch let error as HTTPTransportError {
            throw ImagePipelineError.transport(error.description, retriable: true)
        }
        guard response.status == 200 else { throw ImagePipelineError.httpStatus(response.status) }
        return [UInt8](response.body)
    }
}

/// JPEG/PNG/GIF bytes to pixels with ImageCore (errors are typed, never a crash).
public struct ImageCoreDecoder: ImageDecoding {
    public init() {}
    public func decode(_ data: [UInt8]) throws -> PixelImage {
        do {
            let image = try ImageDecoder.decode(data)
            return PixelImage(width: image.width, height: image.height, rgb: image.pixels)
        } catch {
            throw ImagePipelineError.undecodable(error.description)
        }
    }
}

/// Pixels to half-block cells for the request's box: area-average resampling, `fill` crops to
/// cover the box, `fit` letterboxes with transparent cells.
public struct ImageCoreRenderer: ImageRendering {
    public init() {}
    public func render(_ image: PixelImage, for request: ImageRequest) throws -> CellImage {
        let source = RGBImage(width: image.width, height: image.height, pixels: image.rgb)
        let box = PixelSize(width: request.box.pixelWidth, height: request.box.pixelHeight)
        let fitted = source.fitted(into: box, mode: request.fit == .fill ? .cover : .contain)
        let cells = ImageCore.HalfBlockCells(image: fitted, boxCols: request.box.cols, boxRows: request.box.rows)
        var out: [CellImage.Cell] = []
        out.reserveCapacity(cells.cols * cells.rows)
        for i in 0..<(cells.cols * cells.rows) {
            out.append(CellImage.Cell(top: cells.top[i].map { PipelineRGB($0.r, $0.g, $0.b) },
                                      bottom: cells.bottom[i].map { PipelineRGB($0.r, $0.g, $0.b) }))
        }
        return CellImage(cols: cells.cols, rows: cells.rows, cells: out)
    }
}
