/// The program's one memory cache: least recently used entries leave first, bounded by the sum
/// of the entries' costs (bytes, as each caller counts them) and optionally by their number.
/// A dictionary finds an entry's slot and a doubly linked list through the slots (by index, in
/// one array) keeps the order of use, so a lookup, an insert and an eviction are each O(1).
///
/// A value type with no lock of its own: each cache keeps the one it already has (a `Mutex`,
/// an `NSLock`, an actor) around it. Model: kean/Nuke `Caching/Cache.swift`.
public struct LRUCache<Key: Hashable, Value> {
    fileprivate struct Slot {
        let key: Key
        var value: Value
        var cost: Int
        /// Towards the most recently used (`none` at the head).
        var newer: Int
        /// Towards the least recently used (`none` at the tail).
        var older: Int
    }

    private static var none: Int { -1 }

    private var slots: [Slot] = []
    private var index: [Key: Int] = [:]
    /// The most recently used slot.
    private var head = LRUCache.none
    /// The least recently used slot: the next to leave.
    private var tail = LRUCache.none

    /// The sum of the costs kept.
    public private(set) var totalCost = 0

    /// The most the costs may add up to; lowering it evicts at once.
    public var costLimit: Int { didSet { trim() } }
    /// The most entries kept; lowering it evicts at once.
    public var countLimit: Int { didSet { trim() } }

    public init(costLimit: Int, countLimit: Int = .max) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
    }

    public var count: Int { slots.count }
    public var isEmpty: Bool { slots.isEmpty }

    /// The value, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let at = index[key] else { return nil }
        moveToFront(at)
        return slots[at].value
    }

    /// The value without counting it as a use.
    public func peek(_ key: Key) -> Value? {
        index[key].map { slots[$0].value }
    }

    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Keeps `value` as the most recently used, replacing what `key` held, then evicts the least
    /// recently used entries until both bounds hold. An entry costing more than `costLimit`
    /// alone is not kept (and what `key` held goes): false.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int) -> Bool {
        let cost = max(0, cost)
        guard cost <= costLimit, countLimit > 0 else {
            removeValue(for: key)
            return false
        }
        if let at = index[key] {
            totalCost += cost - slots[at].cost
            slots[at].value = value
            slots[at].cost = cost
            moveToFront(at)
        } else {
            slots.append(Slot(key: key, value: value, cost: cost, newer: Self.none, older: Self.none))
            index[key] = slots.count - 1
            totalCost += cost
            linkAtFront(slots.count - 1)
        }
        trim()
        return true
    }

    /// Changes a kept entry in place (its cost by `addedCost`), without counting it as a use;
    /// false when `key` is not kept. Evicts as `insert` does when the bounds are passed.
    @discardableResult
    public mutating func update(_ key: Key, addedCost: Int = 0, _ change: (inout Value) -> Void) -> Bool {
        guard let at = index[key] else { return false }
        change(&slots[at].value)
        slots[at].cost += addedCost
        totalCost += addedCost
        if slots[at].cost > costLimit { removeValue(for: key) } else { trim() }
        return true
    }

    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let at = index[key] else { return nil }
        return remove(at: at).value
    }

    public mutating func removeAll() {
        slots.removeAll()
        index.removeAll()
        head = Self.none
        tail = Self.none
        totalCost = 0
    }

    /// Keys from the most to the least recently used (tests and diagnostics).
    public var keysByRecency: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(slots.count)
        var at = head
        while at != Self.none {
            keys.append(slots[at].key)
            at = slots[at].older
        }
        return keys
    }

    // MARK: - The list

    private mutating func trim() {
        while totalCost > costLimit || slots.count > countLimit, tail != Self.none {
            _ = remove(at: tail)
        }
    }

    /// Unlinks slot `at` and fills its place with the last slot, so the array stays dense.
    private mutating func remove(at: Int) -> Slot {
        unlink(at)
        let gone = slots[at]
        index.removeValue(forKey: gone.key)
        totalCost -= gone.cost
        let last = slots.count - 1
        if at != last {
            let moved = slots[last]
            slots[at] = moved
            index[moved.key] = at
            if moved.newer != Self.none { slots[moved.newer].older = at } else { head = at }
            if moved.older != Self.none { slots[moved.older].newer = at } else { tail = at }
        }
        slots.removeLast()
        return gone
    }

    private mutating func unlink(_ at: Int) {
        let newer = slots[at].newer, older = slots[at].older
        if newer != Self.none { slots[newer].older = older } else { head = older }
        if older != Self.none { slots[older].newer = newer } else { tail = newer }
        slots[at].newer = Self.none
        slots[at].older = Self.none
    }

    private mutating func linkAtFront(_ at: Int) {
        slots[at].newer = Self.none
        slots[at].older = head
        if head != Self.none { slots[head].newer = at }
        head = at
        if tail == Self.none { tail = at }
    }

    private mutating func moveToFront(_ at: Int) {
        guard head != at else { return }
        unlink(at)
        linkAtFront(at)
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Slot: Sendable where Key: Sendable, Value: Sendable {}
