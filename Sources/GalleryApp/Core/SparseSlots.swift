/// The positions of a sparse paged list: one slot per position the server's `total` promises,
/// filled page by page in any order. Both the grids (`PagedList`) and a detail page's covers
/// strip (`CoverStrip`) keep their items here, so jumping, filling gaps in either direction,
/// dedup across pages, a changing total and short pages work the same in both.
public struct SparseSlots<Item: Identifiable & Equatable & Sendable>: Equatable, Sendable where Item.ID == Int {
    /// One entry per position: the item, or nil for a gap not loaded yet.
    private var slots: [Item?] = []
    private var knownIDs: Set<Int> = []
    /// Positions that hold an item.
    public private(set) var loadedCount = 0
    /// Positions removed as duplicates (rows the server inserted before them): server offset =
    /// position + shift.
    public private(set) var shift = 0

    public init() {}

    /// A complete list of `items` (nothing to fetch).
    public init(items: [Item]) {
        slots = items
        knownIDs = Set(items.map(\.id))
        loadedCount = items.count
    }

    public var count: Int { slots.count }
    public var isEmpty: Bool { slots.isEmpty }
    public var isFull: Bool { loadedCount == slots.count }
    public var items: [Item] { slots.compactMap { $0 } }
    public func item(at index: Int) -> Item? { slots.indices.contains(index) ? slots[index] : nil }
    public func contains(id: Int) -> Bool { knownIDs.contains(id) }

    /// The run of gaps (at most `limit`) to fetch for `visible`: the first gap on screen, else
    /// the nearest one within `margin` positions on the side the user moves to.
    public func gapToFetch(visible: Range<Int>, margin: Int, forward: Bool, limit: Int) -> Range<Int>? {
        let visible = visible.clamped(to: 0..<count)
        return gap(in: visible, forward: true, limit: limit)
            ?? (forward ? gap(in: visible.upperBound..<min(count, visible.upperBound + margin), forward: true, limit: limit) : nil)
            ?? (forward ? nil : gap(in: max(0, visible.lowerBound - margin)..<visible.lowerBound, forward: false, limit: limit))
    }

    /// The run of gap positions in `range`: scanning forward, from the first gap on; scanning
    /// backward, the run that ends at the last gap (so a page lands right next to the screen).
    private func gap(in range: Range<Int>, forward: Bool, limit: Int) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        if forward {
            guard let start = range.first(where: { slots[$0] == nil }) else { return nil }
            var end = start
            while end < count, end - start < limit, slots[end] == nil { end += 1 }
            return start..<end
        }
        guard let last = range.reversed().first(where: { slots[$0] == nil }) else { return nil }
        var start = last
        while start > 0, last - start + 1 < limit, slots[start - 1] == nil { start -= 1 }
        return start..<(last + 1)
    }

    /// Appends an item not seen before (sequential paging). Returns false for a duplicate.
    public mutating func append(_ item: Item) -> Bool {
        guard knownIDs.insert(item.id).inserted else { return false }
        slots.append(item)
        loadedCount += 1
        return true
    }

    /// Writes a page that starts at position `start` into its positions. The list is resized to
    /// the page's `total` first (it can change between pages). An item already at another
    /// position (the list shifted on the server), or one `accepts` refuses, is not shown: its
    /// position here is removed, which moves the rest back into step with the server. Records
    /// nobody could read (`unreadable`) drop as many gaps. A page that ends short although the
    /// total says more exist ends the list there (asking again would loop).
    public mutating func write(_ items: [Item], at start: Int, total: Int, unreadable: Int, requested: (offset: Int, limit: Int),
                               accepts: (Item) -> Bool = { _ in true }) {
        resize(to: total - shift)
        var index = start
        for item in items {
            if !accepts(item) || knownIDs.contains(item.id) {
                if slots.indices.contains(index), slots[index]?.id == item.id {
                    index += 1
                } else if slots.indices.contains(index), slots[index] == nil {
                    slots.remove(at: index)
                    shift += 1
                }
                continue
            }
            if index >= slots.count { slots.append(nil) }
            if let old = slots[index] { knownIDs.remove(old.id) } else { loadedCount += 1 }
            slots[index] = item
            knownIDs.insert(item.id)
            index += 1
        }
        for _ in 0..<unreadable where slots.indices.contains(index) && slots[index] == nil {
            slots.remove(at: index)
            shift += 1
        }
        let rows = items.count + unreadable
        if rows < requested.limit, requested.offset + rows < total {
            resize(to: index)
        }
    }

    /// Ends the list at its first gap (a server that cannot page fills no gap).
    public mutating func keepLoadedPrefix() {
        resize(to: slots.firstIndex(where: { $0 == nil }) ?? slots.count)
    }

    private mutating func resize(to newCount: Int) {
        let newCount = max(0, newCount)
        if newCount > slots.count {
            slots.append(contentsOf: repeatElement(nil, count: newCount - slots.count))
        } else if newCount < slots.count {
            for item in slots[newCount...] {
                if let item { knownIDs.remove(item.id); loadedCount -= 1 }
            }
            slots.removeSubrange(newCount...)
        }
    }
}
