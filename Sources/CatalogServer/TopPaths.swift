/// The busiest request paths of an unbounded stream in bounded memory: the Space-Saving
/// algorithm (Metwally, Agrawal, El Abbadi 2005). At most `capacity` paths are tracked; a new
/// path, when all slots are taken, replaces the tracked path with the fewest hits and inherits
/// that count as its rank, so a path hit more often than once in `capacity` requests always
/// keeps a slot however many one-off paths come between its hits.
///
/// Ranks decide who stays; what is reported per path is exact since it was (last) tracked. An
/// evicted path's figures move into `other`, so the tracked paths plus `other` add up to every
/// request recorded.
struct TopPaths {
    private struct Slot {
        var path: String
        /// Space-Saving's estimate: a lower rank is evicted first.
        var rank: Int
        var stats: StatsSnapshot.PathStats
    }

    let capacity: Int
    /// Stable storage; the heap orders slot numbers, so a sift moves integers only.
    private var slots: [Slot] = []
    /// Slot numbers as a min-heap on `rank`.
    private var heap: [Int] = []
    /// Where each slot sits in `heap`.
    private var heapPosition: [Int] = []
    private var slotOfPath: [String: Int] = [:]
    /// Everything recorded for paths that are not (or no longer) tracked.
    private(set) var other = StatsSnapshot.PathStats()

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    mutating func record(path: String, status: Int, bytes: Int) {
        if let slot = slotOfPath[path] {
            slots[slot].rank += 1
            slots[slot].stats.add(status: status, bytes: bytes)
            siftDown(heapPosition[slot])
            return
        }
        var stats = StatsSnapshot.PathStats()
        stats.add(status: status, bytes: bytes)
        if slots.count < capacity {
            slots.append(Slot(path: path, rank: 1, stats: stats))
            heap.append(slots.count - 1)
            heapPosition.append(heap.count - 1)
            slotOfPath[path] = slots.count - 1
            siftUp(heap.count - 1)
            return
        }
        let slot = heap[0]
        let evicted = slots[slot]
        other.merge(evicted.stats)
        slotOfPath[evicted.path] = nil
        slots[slot] = Slot(path: path, rank: evicted.rank + 1, stats: stats)
        slotOfPath[path] = slot
        siftDown(0)
    }

    /// The tracked paths and their figures.
    var tracked: [String: StatsSnapshot.PathStats] {
        Dictionary(uniqueKeysWithValues: slots.map { ($0.path, $0.stats) })
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard slots[heap[child]].rank < slots[heap[parent]].rank else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, slots[heap[left]].rank < slots[heap[smallest]].rank { smallest = left }
            if right < heap.count, slots[heap[right]].rank < slots[heap[smallest]].rank { smallest = right }
            guard smallest != parent else { return }
            swapAt(parent, smallest)
            parent = smallest
        }
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        heapPosition[heap[a]] = a
        heapPosition[heap[b]] = b
    }
}

extension StatsSnapshot.PathStats {
    mutating func add(status: Int, bytes: Int) {
        hits += 1
        self.bytes += bytes
        statuses[String(status), default: 0] += 1
    }

    mutating func merge(_ other: Self) {
        hits += other.hits
        bytes += other.bytes
        statuses.merge(other.statuses, uniquingKeysWith: +)
    }
}
