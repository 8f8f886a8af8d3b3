import Foundation

/// One requester's handle on a load. The completion runs at most once, and never after
/// `cancel()` has returned: delivery and cancel take the same (recursive) lock, so a completion
/// that has started finishes before `cancel()` returns, and one that has not is dropped.
public final class ImageTask: @unchecked Sendable, Hashable {
    public let id: Int
    public let request: ImageRequest
    weak var scheduler: Scheduler?
    private let lock = NSRecursiveLock()
    private var completion: (@Sendable (ImageResult) -> Void)?
    private var finished = false
    private var _priority: ImagePriority

    init(id: Int, request: ImageRequest, priority: ImagePriority,
         completion: @escaping @Sendable (ImageResult) -> Void) {
        self.id = id
        self.request = request
        self._priority = priority
        self.completion = completion
    }

    public var priority: ImagePriority {
        get { lock.withLock { _priority } }
        set {
            let changed = lock.withLock { () -> Bool in
                guard !finished, _priority != newValue else { return false }
                _priority = newValue
                return true
            }
            if changed { scheduler?.setPriority(self, newValue) }
        }
    }

    /// Whether the completion has run or the task was cancelled.
    public var isFinished: Bool { lock.withLock { finished } }

    /// Stops waiting. If this was the last requester of a download, the download is dropped
    /// (queued) or aborted (running).
    public func cancel() {
        cancelIfLive()
    }

    /// Cancels; true when the task was still waiting (so no completion has run or will run).
    @discardableResult
    func cancelIfLive() -> Bool {
        let wasLive = markCancelled()
        if wasLive { scheduler?.cancel(self) }
        return wasLive
    }

    /// Cancels many tasks with one scheduling pass (a prefetch window, a screen of cells).
    public static func cancel(_ tasks: [ImageTask]) {
        let live = tasks.filter { $0.markCancelled() }
        guard let scheduler = live.lazy.compactMap(\.scheduler).first else { return }
        scheduler.cancel(live)
    }

    /// Stops delivery; true when the task was still waiting.
    private func markCancelled() -> Bool {
        lock.withLock { () -> Bool in
            guard !finished else { return false }
            finished = true
            completion = nil
            return true
        }
    }

    /// Runs the completion unless cancelled or already delivered.
    func deliver(_ result: ImageResult) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, let completion else { return }
        finished = true
        self.completion = nil
        completion(result)
    }

    public static func == (a: ImageTask, b: ImageTask) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
