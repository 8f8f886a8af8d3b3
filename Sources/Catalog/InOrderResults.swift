import Dispatch

/// Work started on other threads (every core) whose results are taken in order, each as soon
/// as it is ready: the import's writer writes the first file's rows while later files are
/// still being read and parsed, instead of waiting for all of them.
final class InOrderResults<R>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<R?>
    private let ready: [DispatchSemaphore]
    /// Left when every result is made (work to start after this one: `notify`).
    let finished = DispatchGroup()

    /// Runs `transform` for `0..<count` on the other threads, in index order as threads free up.
    init(count: Int, _ transform: @escaping @Sendable (Int) -> R) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        finished.enter()
        // The closure holds `self` until all the work is done, so the slots outlive it.
        DispatchQueue.global().async { [self] in
            DispatchQueue.concurrentPerform(iterations: count) { i in
                slots[i] = transform(i)
                ready[i].signal()
            }
            finished.leave()
        }
    }

    /// The result for `i`, waiting for it. Each index is taken once.
    func take(_ i: Int) -> R {
        ready[i].wait()
        defer { slots[i] = nil }
        return slots[i]!
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
}
