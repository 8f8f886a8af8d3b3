import CacheKit
import Foundation
import Synchronization

/// The pipeline's memory cache: the program's one LRU (`LRUCache`) behind a lock, synchronous so
/// the draw path can ask it inside a frame, plus the pipeline's own rule that one picture may
/// take at most a share of it.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    public struct Limits: Sendable {
        public var costLimit: Int
        public var countLimit: Int
        /// An entry dearer than this share of `costLimit` is not cached at all (one huge image
        /// must not flush forty thumbnails).
        public var entryCostRatio: Double
        public init(costLimit: Int = 128 << 20, countLimit: Int = 10_000, entryCostRatio: Double = 0.1) {
            self.costLimit = costLimit
            self.countLimit = countLimit
            self.entryCostRatio = entryCostRatio
        }
        public var entryCostLimit: Int { Int(Double(costLimit) * entryCostRatio) }
    }

    private let lock = Mutex(())
    private var cache: LRUCache<Key, Value>
    private var _limits: Limits

    public init(limits: Limits = Limits()) {
        _limits = limits
        cache = LRUCache(costLimit: limits.costLimit, countLimit: limits.countLimit)
    }

    public var limits: Limits {
        get { lock.withLock { _ in _limits } }
        set {
            lock.withLock { _ in
                _limits = newValue
                cache.costLimit = newValue.costLimit
                cache.countLimit = newValue.countLimit
            }
        }
    }
    public var totalCost: Int { lock.withLock { _ in cache.totalCost } }
    public var count: Int { lock.withLock { _ in cache.count } }

    /// The value, marked most recently used.
    public func value(for key: Key) -> Value? {
        lock.withLock { _ in cache.value(for: key) }
    }

    /// Stores `value`; returns false (and stores nothing) when it costs more than the entry cap.
    @discardableResult
    public func set(_ value: Value, for key: Key, cost: Int) -> Bool {
        lock.withLock { _ in
            guard cost <= _limits.entryCostLimit else {
                cache.removeValue(for: key)
                return false
            }
            return cache.insert(value, for: key, cost: cost)
        }
    }

    @discardableResult
    public func removeValue(for key: Key) -> Value? {
        lock.withLock { _ in cache.removeValue(for: key) }
    }

    public func removeAll() {
        lock.withLock { _ in cache.removeAll() }
    }

    /// Keys from most to least recently used (tests and diagnostics).
    public var keysByRecency: [Key] { lock.withLock { _ in cache.keysByRecency } }
}
