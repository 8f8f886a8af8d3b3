/// The positions of a sparse paged list: as many positions as the server's `total` promises,
/// filled page by page in any order. Both the grids (`PagedList`) and a detail page's covers
/// strip (`CoverStrip`) keep their items here, so jumping, filling gaps in either direction,
/// dedup across pages, a changing total and short pages work the same in both.
///
/// Only loaded positions take memory: a server can claim any total (a hostile one claims
/// 2^63 - 1), so the positions are a number and the items are kept in chunks of
/// `chunkPositions` positions, a chunk only where an item is. When a page far out comes back
/// empty, the real end is looked for by halving (`endProbe`), so End lands on the last position
/// the server really answers in a few dozen requests, not one per screen.
///
/// Chunks rather than one dictionary by position: for 50,000 characters such a dictionary takes
/// 131,072 buckets (about 20 MB, by its load factor, and a copy at each doubling), and while an
/// earlier value of the model is still held (an observer), the next page written copies all of
/// it; here a page copies the one or two chunks it writes and the small chunk table.
public struct SparseSlots<Item: Identifiable & Equatable & Sendable>: Equatable, Sendable where Item.ID == Int {
    /// Positions a chunk holds (a power of two: the chunk is the position's high bits).
    static var chunkPositions: Int { 1 << chunkShift }
    private static var chunkShift: Int { 7 }
    /// The loaded items by chunk (position >> chunkShift); a chunk holds at least one item
    /// (an emptied chunk is removed, so equal contents are equal values).
    private var chunks: [Int: Chunk] = [:]
    private var knownIDs: Set<Int> = []
    /// Positions that hold an item.
    public private(set) var loadedCount = 0
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

    /// `chunkPositions` positions, loaded or gaps, and how many are loaded.
    private struct Chunk: Equatable, Sendable {
        var items: [Item?] = Array(repeating: nil, count: SparseSlots.chunkPositions)
        var loaded = 0
    }

    public init() {}

    /// A complete list of `items` (nothing to fetch).
    public init(items: [Item]) {
        for (position, item) in items.enumerated() { self[position] = item }
        knownIDs = Set(items.map(\.id))
        count = items.count
    }

    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { loadedCount == count }
    /// The loaded items in position order.
    public var items: [Item] {
        chunks.keys.sorted().flatMap { chunks[$0]!.items.compactMap { $0 } }
    }
    public func item(at index: Int) -> Item? { self[index] }
    public func contains(id: Int) -> Bool { knownIDs.contains(id) }

    /// The item at `position` (nil: a gap); setting one keeps the chunks and `loadedCount`.
    private subscript(position: Int) -> Item? {
        get {
            guard position >= 0 else { return nil }
            return chunks[position >> Self.chunkShift]?.items[position & (Self.chunkPositions - 1)]
        }
        set {
            guard position >= 0 else { return }
            let key = position >> Self.chunkShift, slot = position & (Self.chunkPositions - 1)
            var chunk = chunks.removeValue(forKey: key) ?? Chunk()
            let had = chunk.items[slot] != nil
            chunk.items[slot] = newValue
            let delta = (newValue != nil ? 1 : 0) - (had ? 1 : 0)
            chunk.loaded += delta
            loadedCount += delta
            if chunk.loaded > 0 { chunks[key] = chunk }
        }
    }

    /// The loaded positions and their items in position order, from `position` on.
    private func loadedItems(from position: Int) -> [(position: Int, item: Item)] {
        var found: [(Int, Item)] = []
        for key in chunks.keys.sorted() where (key + 1) << Self.chunkShift > position {
            for (slot, item) in chunks[key]!.items.enumerated() {
                let at = key << Self.chunkShift + slot
                if at >= position, let item { found.append((at, item)) }
            }
        }
        return found
    }

    /// The positions to ask for while the real end is looked for (a page far out came back
    /// empty): a page halfway between the last position answered and the first that was not.
    public func endProbe(limit: Int) -> Range<Int>? {
        guard let low = answeredBelow, low < count, limit > 0 else { return nil }
        if count - low <= limit { return low..<count }
        let middle = low + (count - low) / 2
        return middle..<min(count, middle + limit)
    }

    /// The run of gaps (at most `limit`) to fetch for `visible`: the first gap on screen, else
    /// the nearest one within `margin` positions on the side the user moves to. Positions in
    /// `asked` (pages in flight) are not gaps to fetch.
    public func gapToFetch(visible: Range<Int>, margin: Int, forward: Bool, limit: Int, asked: [Range<Int>] = []) -> Range<Int>? {
        let visible = visible.clamped(to: 0..<count)
        let ahead = visible.upperBound..<(visible.upperBound + min(margin, count - visible.upperBound))
        let behind = (visible.lowerBound - min(margin, visible.lowerBound))..<visible.lowerBound
        return gap(in: visible, forward: true, limit: limit, asked: asked)
            ?? (forward ? gap(in: ahead, forward: true, limit: limit, asked: asked) : nil)
            ?? (forward ? nil : gap(in: behind, forward: false, limit: limit, asked: asked))
    }

    /// While a held key outruns the pages: the gaps of one block of `limit` positions (the
    /// block at a multiple of `limit`), the first gap `lead` positions past the screen in the
    /// direction of travel (where the screen will be when the page is useful), else the gap
    /// nearest that point on the screen's side; only within the screen and `margin` positions
    /// past it, as `gapToFetch` reaches.
    public func blockToFetch(visible: Range<Int>, margin: Int, lead: Int, forward: Bool, limit: Int,
                             asked: [Range<Int>] = []) -> Range<Int>? {
        let visible = visible.clamped(to: 0..<count)
        guard limit > 0, !visible.isEmpty else { return nil }
        let reach = forward ? visible.lowerBound..<min(count, visible.upperBound + margin)
            : max(0, visible.lowerBound - margin)..<visible.upperBound
        let isGap = { (position: Int) in self[position] == nil && !asked.contains { $0.contains(position) } }
        let found: Int?
        if forward {
            let target = min(max(reach.lowerBound, visible.lowerBound + lead), reach.upperBound)
            found = (target..<reach.upperBound).first(where: isGap) ?? (reach.lowerBound..<target).reversed().first(where: isGap)
        } else {
            let target = max(min(reach.upperBound, visible.upperBound - lead), reach.lowerBound)
            found = (reach.lowerBound..<target).reversed().first(where: isGap) ?? (target..<reach.upperBound).first(where: isGap)
        }
        guard let found else { return nil }
        let block = (found / limit * limit)..<min(count, found / limit * limit + limit)
        var start = found, end = found + 1
        while start > block.lowerBound, isGap(start - 1) { start -= 1 }
        while end < block.upperBound, isGap(end) { end += 1 }
        return start..<end
    }

    /// The run of gap positions in `range`: scanning forward, from the first gap on; scanning
    /// backward, the run that ends at the last gap (so a page lands right next to the screen).
    private func gap(in range: Range<Int>, forward: Bool, limit: Int, asked: [Range<Int>]) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        let isGap = { (position: Int) in self[position] == nil && !asked.contains { $0.contains(position) } }
        if forward {
            guard let start = range.first(where: isGap) else { return nil }
            var end = start
            while end < count, end - start < limit, isGap(end) { end += 1 }
            return start..<end
        }
        guard let last = range.reversed().first(where: isGap) else { return nil }
        var start = last
        while start > 0, last - start + 1 < limit, isGap(start - 1) { start -= 1 }
        return start..<(last + 1)
    }

    /// Appends an item not seen before (sequential paging). Returns false for a duplicate.
    public mutating func append(_ item: Item) -> Bool {
        guard knownIDs.insert(item.id).inserted else { return false }
        self[count] = item
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
                if self[index]?.id == item.id {
                    index += 1
                } else if index < count, self[index] == nil {
                    removeGap(at: index)
                }
                continue
            }
            if index >= count { count = index + 1 }
            if let old = self[index] { knownIDs.remove(old.id) }
            self[index] = item
            knownIDs.insert(item.id)
            index += 1
        }
        for _ in 0..<unreadable where index < count && self[index] == nil {
            removeGap(at: index)
        }
        // A short page ends the list where it ended, whatever its total says (a server whose
        // total is unknown says the offset it was asked).
        let rows = items.count + unreadable
        if rows < requested.limit {
            let answered = max(answeredBelow ?? 0, (lastLoadedPosition ?? -1) + 1)
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
        while end < count, self[end] != nil { end += 1 }
        resize(to: end)
    }

    /// Removes the gap at `position`: the positions after it move back by one.
    private mutating func removeGap(at position: Int) {
        let later = loadedItems(from: position + 1)
        for (at, _) in later { self[at] = nil }
        for (at, item) in later { self[at - 1] = item }
        count -= 1
        shift += 1
        if let end = answersNothingFrom, end > position { answersNothingFrom = end - 1 }
        if let low = answeredBelow, low > position { answeredBelow = low - 1 }
    }

    private mutating func resize(to newCount: Int) {
        let newCount = max(0, newCount)
        if newCount < count {
            for (position, item) in loadedItems(from: newCount) {
                self[position] = nil
                knownIDs.remove(item.id)
            }
        }
        count = newCount
    }

    /// The last position that holds an item.
    private var lastLoadedPosition: Int? {
        guard let key = chunks.keys.max(), let slot = chunks[key]!.items.lastIndex(where: { $0 != nil }) else { return nil }
        return key << Self.chunkShift + slot
    }
}
