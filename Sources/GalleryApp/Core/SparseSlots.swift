/// The positions of a sparse paged list: as many positions as the server's `total` promises,
/// filled page by page in any order. Both the grids (`PagedList`) and a detail page's covers
/// strip (`CoverStrip`) keep their items here, so jumping, filling gaps in either direction,
/// dedup across pages, a changing total and short pages work the same in both.
///
/// Only loaded positions take memory: a server can claim any total (a hostile one claims
/// 2^63 - 1), so the positions are a number and the items a dictionary by position. When a page
/// far out comes back empty, the real end is looked for by halving (`endProbe`), so End lands
/// on the last position the server really answers in a few dozen requests, not one per screen.
public struct SparseSlots<Item: Identifiable & Equatable & Sendable>: Equatable, Sendable where Item.ID == Int {
    /// The loaded positions and their items; every other position below `count` is a gap.
    private var loaded: [Int: Item] = [:]
    private var knownIDs: Set<Int> = []
    /// Positions, loaded or gaps.
    public private(set) var count = 0
    /// Positions removed as duplicates (rows the server inserted before them): server offset =
    /// position + shift.
    public private(set) var shift = 0
    /// The first position a page came back short before (the server has nothing from there on):
    /// a later page's total cannot grow the list past it, or a server claiming more than it has
    /// would send End back out after every probe.
    private var answersNothingFrom: Int?
    /// While the real end is looked for: every position below it is answered by the server.
    private var answeredBelow: Int?

    public init() {}

    /// A complete list of `items` (nothing to fetch).
    public init(items: [Item]) {
        loaded = Dictionary(items.enumerated().map { ($0.offset, $0.element) }, uniquingKeysWith: { first, _ in first })
        knownIDs = Set(items.map(\.id))
        count = items.count
    }

    /// Positions that hold an item.
    public var loadedCount: Int { loaded.count }
    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { loaded.count == count }
    public var items: [Item] { loaded.sorted { $0.key < $1.key }.map(\.value) }
    public func item(at index: Int) -> Item? { loaded[index] }
    public func contains(id: Int) -> Bool { knownIDs.contains(id) }

    /// The positions to ask for while the real end is looked for (a page far out came back
    /// empty): a page halfway between the last position answered and the first that was not.
    public func endProbe(limit: Int) -> Range<Int>? {
        guard let low = answeredBelow, low < count, limit > 0 else { return nil }
        if count - low <= limit { return low..<count }
        let middle = low + (count - low) / 2
        return middle..<min(count, middle + limit)
    }

    /// The run of gaps (at most `limit`) to fetch for `visible`: the first gap on screen, else
    /// the nearest one within `margin` positions on the side the user moves to.
    public func gapToFetch(visible: Range<Int>, margin: Int, forward: Bool, limit: Int) -> Range<Int>? {
        let visible = visible.clamped(to: 0..<count)
        let ahead = visible.upperBound..<(visible.upperBound + min(margin, count - visible.upperBound))
        let behind = (visible.lowerBound - min(margin, visible.lowerBound))..<visible.lowerBound
        return gap(in: visible, forward: true, limit: limit)
            ?? (forward ? gap(in: ahead, forward: true, limit: limit) : nil)
            ?? (forward ? nil : gap(in: behind, forward: false, limit: limit))
    }

    /// The run of gap positions in `range`: scanning forward, from the first gap on; scanning
    /// backward, the run that ends at the last gap (so a page lands right next to the screen).
    private func gap(in range: Range<Int>, forward: Bool, limit: Int) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        if forward {
            guard let start = range.first(where: { loaded[$0] == nil }) else { return nil }
            var end = start
            while end < count, end - start < limit, loaded[end] == nil { end += 1 }
            return start..<end
        }
        guard let last = range.reversed().first(where: { loaded[$0] == nil }) else { return nil }
        var start = last
        while start > 0, last - start + 1 < limit, loaded[start - 1] == nil { start -= 1 }
        return start..<(last + 1)
    }

    /// Appends an item not seen before (sequential paging). Returns false for a duplicate.
    public mutating func append(_ item: Item) -> Bool {
        guard knownIDs.insert(item.id).inserted else { return false }
        loaded[count] = item
        count += 1
        return true
    }

    /// Writes a page that starts at position `start` into its positions. The list is resized to
    /// the page's `total` first (it can change between pages). An item already at another
    /// position (the list shifted on the server), or one `accepts` refuses, is not shown: its
    /// position here is removed, which moves the rest back into step with the server. Records
    /// nobody could read (`unreadable`) drop as many gaps. A page that ends short ends the list
    /// there, even when its total says more exist (asking again would loop); an empty one far
    /// past what the server answered starts the search for the real end (`endProbe`).
    public mutating func write(_ items: [Item], at start: Int, total: Int, unreadable: Int, requested: (offset: Int, limit: Int),
                               accepts: (Item) -> Bool = { _ in true }) {
        // 2^53: past it a JSON number is not exact, and offsets plus rows must not overflow.
        let total = min(max(total, 0), 1 << 53)
        resize(to: min(total - shift, answersNothingFrom ?? .max))
        var index = start
        for item in items {
            if !accepts(item) || knownIDs.contains(item.id) {
                if loaded[index]?.id == item.id {
                    index += 1
                } else if index < count, loaded[index] == nil {
                    removeGap(at: index)
                }
                continue
            }
            if index >= count { count = index + 1 }
            if let old = loaded[index] { knownIDs.remove(old.id) }
            loaded[index] = item
            knownIDs.insert(item.id)
            index += 1
        }
        for _ in 0..<unreadable where index < count && loaded[index] == nil {
            removeGap(at: index)
        }
        // A short page ends the list where it ended, whatever its total says (a server whose
        // total is unknown says the offset it was asked).
        let rows = items.count + unreadable
        if rows < requested.limit {
            let answered = max(answeredBelow ?? 0, (loaded.keys.max() ?? -1) + 1)
            answeredBelow = rows == 0 && answered < index ? answered : nil
            answersNothingFrom = index
            resize(to: index)
        } else if rows > 0, let low = answeredBelow {
            answeredBelow = index < count ? max(low, index) : nil
        }
    }

    /// Ends the list at its first gap (a server that cannot page fills no gap).
    public mutating func keepLoadedPrefix() {
        var end = 0
        while end < count, loaded[end] != nil { end += 1 }
        resize(to: end)
    }

    /// Removes the gap at `position`: the positions after it move back by one.
    private mutating func removeGap(at position: Int) {
        let later = loaded.filter { $0.key > position }
        for key in later.keys { loaded[key] = nil }
        for (key, item) in later { loaded[key - 1] = item }
        count -= 1
        shift += 1
        if let end = answersNothingFrom, end > position { answersNothingFrom = end - 1 }
        if let low = answeredBelow, low > position { answeredBelow = low - 1 }
    }

    private mutating func resize(to newCount: Int) {
        let newCount = max(0, newCount)
        if newCount < count {
            for (position, item) in loaded where position >= newCount {
                loaded[position] = nil
                knownIDs.remove(item.id)
            }
        }
        count = newCount
    }
}
