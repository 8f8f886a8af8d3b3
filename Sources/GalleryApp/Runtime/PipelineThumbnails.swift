import Foundation
import ImagePipeline
import TerminalUI

/// Thumbnails through the image pipeline: one `ImageTask` per key in flight, re-prioritised
/// when the core asks again at another priority, cancelled when a tile leaves the window.
/// Pictures already in the pipeline's memory cache come back before `load` returns, so a
/// scroll back shows them in the same frame.
public final class PipelineThumbnails: ThumbnailProviding, @unchecked Sendable {
    public let pipeline: ImagePipeline
    private let lock = NSLock()
    private var tasks: [ThumbnailKey: ImageTask] = [:]

    public init(pipeline: ImagePipeline) { self.pipeline = pipeline }

    /// The pipeline request for a key: the smallest portrait variant that fits, filling the box.
    public static func request(for key: ThumbnailKey) -> ImageRequest {
        ImageRequest(url: "\(key.image.path)/\(key.portraitVariant).\(key.image.extension)",
                     box: CellBox(cols: key.columns, rows: key.rows), fit: .fill, color: .truecolor)
    }

    public func load(_ key: ThumbnailKey, priority: ThumbnailPriority,
                     completion: @escaping @Sendable (TileImage?) -> Void) {
        let pipelinePriority: ImagePriority = priority == .high ? .high : .low
        if let running = lock.withLock({ tasks[key] }) {
            running.priority = pipelinePriority
            return
        }
        let task = pipeline.loadImage(PipelineThumbnails.request(for: key), priority: pipelinePriority) { [weak self] result in
            self?.lock.withLock { _ = self?.tasks.removeValue(forKey: key) }
            completion(TileImage(result))
        }
        lock.withLock {
            // A completion on another thread may already have run; then there is nothing to keep.
            if !task.isFinished { tasks[key] = task }
        }
    }

    public func cancel(_ key: ThumbnailKey) {
        lock.withLock { tasks.removeValue(forKey: key) }?.cancel()
    }

    /// Loads in flight (tests, diagnostics).
    public var inFlight: Int { lock.withLock { tasks.count } }
}

extension TileImage {
    /// The pipeline's cells as a tile picture; nil for the placeholders (the tile draws its
    /// own "no picture" face).
    init?(_ result: ImageResult) {
        guard let thumbnail = result.thumbnail else { return nil }
        self.init(thumbnail.cells)
    }

    init(_ cells: CellImage) {
        self.init(columns: cells.cols, rows: cells.rows,
                  top: cells.cells.map { $0.top.map { TerminalUI.RGB($0.r, $0.g, $0.b) } },
                  bottom: cells.cells.map { $0.bottom.map { TerminalUI.RGB($0.r, $0.g, $0.b) } })
    }
}
