import Foundation

/// A fixed set of dedicated threads for decodes, resizes and cell renders. They are not the
/// Swift cooperative pool (one thread per core), so a slow or hostile picture never occupies
/// the threads that key handling, drawing and quitting need. The scheduler already bounds how
/// many jobs it hands out (`Limits.maxCPU`); this pool only gives them threads of their own.
final class WorkerThreads: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0

    /// One pool per process, one thread per core: every pipeline's scheduler shares it (each
    /// still caps its own running jobs), so making pipelines (tests do) never adds threads.
    static let shared = WorkerThreads(count: ProcessInfo.processInfo.activeProcessorCount, name: "image-worker")

    init(count: Int, name: String) {
        for i in 0..<max(1, count) {
            let thread = Thread { [self] in self.work() }
            thread.name = "\(name)-\(i)"
            // Below the UI's threads: a burst of decodes yields to input and drawing.
            thread.qualityOfService = .utility
            thread.start()
        }
    }

    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    // The threads live as long as the process.
    private func work() {
        while true {
            condition.lock()
            while head == jobs.count { condition.wait() }
            let job = jobs[head]
            head += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            condition.unlock()
            job()
        }
    }
}
