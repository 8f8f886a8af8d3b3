import Foundation
import ImageCore
import ImagePipeline
import MarvelAPI

/// Thumbnails through the image pipeline: one `ImageTask` per key in flight, re-prioritised
/// when the core asks again at another priority, cancelled when a tile leaves the window.
/// Pictures already in the pipeline's memory cache come back before `load` returns, so a
/// scroll back shows them in the same frame.
public final class PipelineThumbnails: ThumbnailProviding, @unchecked Sendable {
    public let pipeline: ImagePipeline
    private let lock = NSLock()
    private var tasks: [ThumbnailKey: ImageTask] = [:]

    public init(pipeline: ImagePipeline) { self.pipeline = pipeline }

    /// The pipeline request for a key: the smallest portrait variant that covers the box,
    /// cropped to fill it (tiles are portrait boxes; Marvel portraits are 2:3).
    public static func request(for key: ThumbnailKey) -> ImageRequest? {
        ImageRequest.marvel(MarvelImage(path: key.image.path, fileExtension: key.image.extension),
                            box: CellBox(cols: key.columns, rows: key.rows), shape: .portrait, fit: .cover)
    }

    public func load(_ key: ThumbnailKey, priority: ThumbnailPriority,
                     completion: @escaping @Sendable (TileImage?) -> Void) {
        let pipelinePriority: ImagePriority = priority == .high ? .high : .low
        if let running = lock.withLock({ tasks[key] }) {
            running.priority = pipelinePriority
            return
        }
        guard let request = PipelineThumbnails.request(for: key) else {
            completion(nil)
            return
        }
        let task = pipeline.loadImage(request, priority: pipelinePriority) { [weak self] result in
            self?.lock.withLock { _ = self?.tasks.removeValue(forKey: key) }
            completion(result.thumbnail.map { TileImage($0.cells) })
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
