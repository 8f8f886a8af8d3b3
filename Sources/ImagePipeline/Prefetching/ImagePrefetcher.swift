import Foundation

/// Keeps the next screen of items warm in the scroll direction (Glide's `ListPreloader`,
/// Nuke's `ImagePrefetcher`):
/// - the window is one screen (the visible count) past the visible range in the direction of
///   travel;
/// - it is recomputed only after the view has moved a quarter screen since the last time, so
///   small moves cost nothing;
/// - when the direction flips, the old window is cancelled at once;
/// - requests leaving the window are cancelled (queued ones never start). Together with the
///   pipeline's start delay and prefetch transfer cap, a fling through 1,000 rows starts
///   downloads only where it slows down, not for every row passed.
public final class ImagePrefetcher: @unchecked Sendable {
    public enum Direction: Sendable, Equatable { case forward, backward }

    private let pipeline: ImagePipeline
    private let priority: ImagePriority
    private let requestFor: @Sendable (Int) -> ImageRequest?
    private let lock = NSLock()
    private var anchor: Int?
    private var lastDirection: Direction?
    private var window: [ImageRequest: ImageTask] = [:]
    private var _recomputations = 0
    private var recent: [(time: UInt64, index: Int)] = []

    /// Moving more than `flingScreens` screens within `flingWindow` is a fling: new disk and
    /// network work is held back for `flingHold` after each such update (Glide pauses requests
    /// while flinging), so rows passed at speed start nothing.
    public var flingScreens = 2
    public var flingWindow: Duration = .milliseconds(250)
    public var flingHold: Duration = .milliseconds(150)

    /// `requestFor(index)` gives the request of item `index` (nil: none or no image).
    public init(pipeline: ImagePipeline, priority: ImagePriority = .low,
                requestFor: @escaping @Sendable (Int) -> ImageRequest?) {
        self.pipeline = pipeline
        self.priority = priority
        self.requestFor = requestFor
    }

    /// Call on every scroll with the visible item range, the direction of travel and the
    /// number of items loaded so far.
    public func update(visible: Range<Int>, direction: Direction, itemCount: Int) {
        let screen = max(1, visible.count)
        if isFling(at: visible.lowerBound, screen: screen) { pipeline.pauseStarts(for: flingHold) }
        let plan: (cancel: [ImageTask], start: [ImageRequest])? = lock.withLock {
            let flipped = lastDirection != nil && lastDirection != direction
            if !flipped, let anchor, abs(visible.lowerBound - anchor) < max(1, screen / 4) { return nil }
            anchor = visible.lowerBound
            lastDirection = direction
            _recomputations += 1
            let range: Range<Int>
            switch direction {
            case .forward: range = min(visible.upperBound, itemCount)..<min(itemCount, visible.upperBound + screen)
            case .backward: range = max(0, visible.lowerBound - screen)..<max(0, visible.lowerBound)
            }
            var wanted: [ImageRequest] = []
            var wantedSet = Set<ImageRequest>()
            for i in range {
                if let r = requestFor(i), wantedSet.insert(r).inserted { wanted.append(r) }
            }
            var cancel: [ImageTask] = []
            for (r, t) in window where flipped || !wantedSet.contains(r) {
                cancel.append(t)
                window[r] = nil
            }
            return (cancel, wanted.filter { window[$0] == nil })
        }
        guard let plan else { return }
        ImageTask.cancel(plan.cancel)
        for r in plan.start {
            if pipeline.hasCachedResult(for: r) { continue }
            let task = pipeline.loadImage(r, priority: priority) { _ in }
            lock.withLock { window[r] = task }
        }
    }

    private func isFling(at index: Int, screen: Int) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return lock.withLock {
            recent.append((now, index))
            let horizon = now &- flingWindow.nanoseconds
            recent.removeAll { $0.time < horizon }
            guard let lo = recent.map(\.index).min(), let hi = recent.map(\.index).max() else { return false }
            return hi - lo > flingScreens * screen
        }
    }

    /// Cancels the whole window (leaving the screen).
    public func stop() {
        let tasks = lock.withLock { () -> [ImageTask] in
            defer { window.removeAll(); anchor = nil; lastDirection = nil }
            return Array(window.values)
        }
        ImageTask.cancel(tasks)
    }

    /// Requests currently kept warm (tests).
    public var windowRequests: Set<ImageRequest> { lock.withLock { Set(window.keys) } }
    public var recomputations: Int { lock.withLock { _recomputations } }
}
