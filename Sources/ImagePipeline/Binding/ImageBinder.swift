import Foundation

/// Binds grid slots (cells on screen) to requests with generation tokens, so a slot only ever
/// shows the image of its latest binding, whatever order downloads finish in.
///
/// - `bind` answers synchronously with the cached image (drawn in the same frame) or the
///   loading placeholder, and a generation number;
/// - later results arrive through `deliver(slot, generation, result)` only while that
///   generation is still the slot's binding; after `bind`/`unbind` returns, no result of an
///   older generation is ever delivered (delivery and rebinding take the same lock).
///
/// Existing tasks are never touched while the binder's lock is held (a task delivering holds
/// its own lock and then needs this one).
public final class ImageBinder<Slot: Hashable & Sendable>: @unchecked Sendable {
    public typealias Delivery = @Sendable (_ slot: Slot, _ generation: UInt64, _ result: ImageResult) -> Void

    private struct Binding {
        let generation: UInt64
        let request: ImageRequest
        var task: ImageTask?
        var priority: ImagePriority
    }

    private let pipeline: ImagePipeline
    private let deliver: Delivery
    private let lock = NSRecursiveLock()
    private var bindings: [Slot: Binding] = [:]
    private var generation: UInt64 = 0

    public init(pipeline: ImagePipeline, deliver: @escaping Delivery) {
        self.pipeline = pipeline
        self.deliver = deliver
    }

    /// Shows `request` in `slot`. Rebinding the same request keeps the running load (only its
    /// priority changes).
    @discardableResult
    public func bind(_ slot: Slot, to request: ImageRequest, priority: ImagePriority = .high)
        -> (generation: UInt64, result: ImageResult) {
        var stale: ImageTask?
        var reprioritise: ImageTask?
        let answer: (UInt64, ImageResult) = lock.withLock {
            if var current = bindings[slot], current.request == request {
                if current.priority != priority {
                    current.priority = priority
                    reprioritise = current.task
                    bindings[slot] = current
                }
                return (current.generation, pipeline.cachedResult(for: request) ?? .placeholder(.loading))
            }
            stale = bindings[slot]?.task
            generation += 1
            let g = generation
            if let ready = pipeline.cachedResult(for: request) {
                bindings[slot] = Binding(generation: g, request: request, task: nil, priority: priority)
                return (g, ready)
            }
            bindings[slot] = Binding(generation: g, request: request, task: nil, priority: priority)
            let task = pipeline.loadImage(request, priority: priority) { [weak self] result in
                self?.complete(slot, g, result)
            }
            // Never ask the task anything here: it may be delivering on another thread, holding
            // its lock and waiting for ours. A finished task stored here is harmless (cancel
            // and priority changes on it do nothing).
            if bindings[slot]?.generation == g { bindings[slot]?.task = task }
            return (g, .placeholder(.loading))
        }
        stale?.cancel()
        reprioritise?.priority = priority
        return answer
    }

    /// Clears `slot`; its pending load is cancelled and nothing more is delivered for it.
    public func unbind(_ slot: Slot) {
        let task = lock.withLock { bindings.removeValue(forKey: slot)?.task }
        task?.cancel()
    }

    public func unbindAll() {
        let tasks = lock.withLock { () -> [ImageTask] in
            defer { bindings.removeAll() }
            return bindings.values.compactMap(\.task)
        }
        ImageTask.cancel(tasks)
    }

    public func setPriority(_ priority: ImagePriority, for slot: Slot) {
        let task = lock.withLock { () -> ImageTask? in
            bindings[slot]?.priority = priority
            return bindings[slot]?.task
        }
        task?.priority = priority
    }

    /// The current generation of `slot`, if bound.
    public func generation(of slot: Slot) -> UInt64? {
        lock.withLock { bindings[slot]?.generation }
    }

    public var boundSlots: [Slot] { lock.withLock { Array(bindings.keys) } }

    private func complete(_ slot: Slot, _ g: UInt64, _ result: ImageResult) {
        lock.lock()
        defer { lock.unlock() }
        guard bindings[slot]?.generation == g else { return }
        bindings[slot]?.task = nil
        deliver(slot, g, result)
    }
}
