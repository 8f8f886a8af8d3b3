import Foundation

/// An LRU cache with exact cost accounting: a dictionary for lookup plus a doubly linked list
/// for recency (both O(1)). Thread-safe and synchronous, so the draw path can ask it inside a
/// frame. Model: kean/Nuke `Caching/Cache.swift`.
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

    private final class Node {
        let key: Key
        var value: Value
        var cost: Int
        weak var prev: Node? // towards the most recent (weak: no retain cycles)
        var next: Node?      // towards the least recent
        init(key: Key, value: Value, cost: Int) { self.key = key; self.value = value; self.cost = cost }
    }

    private let lock = NSLock()
    private var map: [Key: Node] = [:]
    private var head: Node?  // most recently used
    private var tail: Node?  // least recently used
    private var _totalCost = 0
    private var _limits: Limits

    public init(limits: Limits = Limits()) { _limits = limits }

    public var limits: Limits {
        get { lock.withLock { _limits } }
        set { lock.withLock { _limits = newValue; trim() } }
    }
    public var totalCost: Int { lock.withLock { _totalCost } }
    public var count: Int { lock.withLock { map.count } }

    /// The value, marked most recently used.
    public func value(for key: Key) -> Value? {
        lock.withLock {
            guard let node = map[key] else { return nil }
            moveToFront(node)
            return node.value
        }
    }

    /// Stores `value`; returns false (and stores nothing) when it costs more than the entry cap.
    @discardableResult
    public func set(_ value: Value, for key: Key, cost: Int) -> Bool {
        lock.withLock {
            guard cost <= _limits.entryCostLimit else {
                if let old = map.removeValue(forKey: key) { unlink(old) }
                return false
            }
            if let node = map[key] {
                _totalCost += cost - node.cost
                node.value = value
                node.cost = cost
                moveToFront(node)
            } else {
                let node = Node(key: key, value: value, cost: cost)
                map[key] = node
                _totalCost += cost
                insertFront(node)
            }
            trim()
            return true
        }
    }

    @discardableResult
    public func removeValue(for key: Key) -> Value? {
        lock.withLock {
            guard let node = map.removeValue(forKey: key) else { return nil }
            unlink(node)
            return node.value
        }
    }

    public func removeAll() {
        lock.withLock {
            map.removeAll()
            head = nil
            tail = nil
            _totalCost = 0
        }
    }

    /// Keys from most to least recently used (tests and diagnostics).
    public var keysByRecency: [Key] {
        lock.withLock {
            var out: [Key] = []
            var n = head
            while let node = n { out.append(node.key); n = node.next }
            return out
        }
    }

    // MARK: - List plumbing (lock held)

    private func trim() {
        while _totalCost > _limits.costLimit || map.count > _limits.countLimit, let last = tail {
            map.removeValue(forKey: last.key)
            unlink(last)
        }
    }

    private func insertFront(_ node: Node) {
        node.prev = nil
        node.next = head
        head?.prev = node
        head = node
        if tail == nil { tail = node }
    }

    private func unlink(_ node: Node) {
        _totalCost -= node.cost
        detach(node)
    }

    private func detach(_ node: Node) {
        if let p = node.prev { p.next = node.next } else { head = node.next }
        if let n = node.next { n.prev = node.prev } else { tail = node.prev }
        node.prev = nil
        node.next = nil
    }

    private func moveToFront(_ node: Node) {
        guard head !== node else { return }
        detach(node)
        insertFront(node)
    }
}
