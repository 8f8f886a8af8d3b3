/// One sparse paged list of gallery items with its own paging, selection and scroll state: the
/// characters grid, the comics grid and the series/events/creators grids are each one of these
/// (only the `ListQuery` differs). The main list, a search result and a letter of the index sit
/// on a stack in `AppState`, so going back restores the previous one exactly as it was.
///
/// The list is sparse: once the first page has told the `total`, it has that many positions and
/// any of them can be asked for directly (End, `G`), so a jump to the end of 50,000 characters
/// costs one or two requests, not the 2,500 pages in between. Positions not loaded yet are gaps;
/// a gap is fetched when it comes into view (or into the prefetch band), in either direction,
/// each position once. Only ids and names stay in memory; pictures are kept for the thumbnail
/// window alone.
///
/// The `#` entry of the index is the exception: the API has no digit filter, so it pages the whole
/// list from the start and stops at the first name past the digits (sequential paging).
public struct PagedList: Equatable, Sendable {
    /// Unique per list ever created: pages are tagged with it, so answers for a list that is
    /// gone (an older search) are dropped.
    public let id: Int
    public let query: ListQuery
    /// The `orderBy` its pages are asked in (nil: the source's usual order for the query).
    public internal(set) var order: ListOrder?
    /// The positions, loaded or gaps (the same sparse paging as a detail page's strip).
    private var slots = SparseSlots<GalleryItem>()
    /// Positions that hold an item.
    public var loadedCount: Int { slots.loadedCount }
    /// `total` of the last page received (it can change between pages).
    public private(set) var total: Int?
    /// Sequential paging only: offset of the next page (counts rows the server returned,
    /// duplicates included) and whether the end was seen.
    private var nextOffset = 0
    private var sequentialEnd = false
    /// The pages in flight: one, or two while a held key outruns the pages (`requestPage`'s
    /// `lead`), each with the position it starts at and when it was asked.
    private var inFlight: [PendingPage] = []
    /// The page in flight asked first, if any.
    public var pending: PageRequest? { inFlight.first?.request }
    /// The last page failure; cleared by a retry.
    public private(set) var failure: PageFailure?
    /// Records the server sent that could not be read (skipped; the rest of their page is kept).
    public private(set) var unreadableRecords = 0
    /// Index of the selected item (0 when empty).
    public var selection = 0
    /// First grid row on screen.
    public var topRow = 0
    /// Where the user last moved, for the prefetch band.
    public var scrollsForward = true
    /// How far and how fast the user is moving (stride, streak, time between moves).
    public private(set) var pace = TravelPace()

    public init(id: Int, query: ListQuery) {
        self.id = id
        self.query = query
    }

    /// Whether the items were filtered here from an already loaded list (a search the source
    /// cannot do: anywhere in a name on the Marvel API), not fetched.
    public private(set) var isLocal = false

    /// A complete list of `items` found locally: nothing more to fetch.
    public init(id: Int, query: ListQuery, localItems: [GalleryItem]) {
        self.init(id: id, query: query)
        slots = SparseSlots(items: localItems)
        total = localItems.count
        isLocal = true
    }

    /// A search on a source that matches name starts only (a mirror, the Marvel API): the
    /// server's names starting with the text come first, paged like any list (and kept only
    /// when they do start with it: a mirror may ignore the filter); then `tail`, the names
    /// already loaded that hold the text elsewhere, which the server cannot find.
    public init(id: Int, query: ListQuery, startsThenLoaded loaded: [GalleryItem]) {
        self.init(id: id, query: query)
        let key = NameMatch.fold((query.typedText ?? "").trimmingCharacters(in: .whitespaces))
        tail = NameMatch.ranked(loaded, text: query.typedText ?? "").filter { NameMatch.rank($0.name, key: key) != 0 }
        mergesLoadedMatches = true
    }

    /// Set by `init(id:query:startsThenLoaded:)`.
    public private(set) var mergesLoadedMatches = false
    /// The loaded names matching the search elsewhere than at their start, after the server's.
    private var tail: [GalleryItem] = []
    /// How many of the items come from the loaded names (the status line says so).
    public var loadedMatches: Int { tail.count }

    /// The TOTAL of the status line's "N of TOTAL": the positions of a sparse list (the server's
    /// total less the duplicates it sent), the server's total while a sequential list pages.
    public var positionTotal: Int? {
        guard let total else { return nil }
        return (isSequential && !sequentialEnd ? total : slots.count) + tail.count
    }

    /// Positions addressable by jumps: `total` once known (sequential lists: the loaded items).
    public var count: Int { slots.count + tail.count }
    public var isEmpty: Bool { slots.isEmpty && tail.isEmpty }
    public var isLoading: Bool { !inFlight.isEmpty }
    /// Every position is loaded (sparse) or the last page was seen (sequential).
    public var endReached: Bool { isSequential ? sequentialEnd : total != nil && slots.isFull }
    /// The list's last position is loaded (End fetched it), whether or not the ones before
    /// it are: what "end of list" under the last row means.
    public var endLoaded: Bool {
        isSequential ? sequentialEnd : total != nil && (slots.isEmpty || slots.item(at: slots.count - 1) != nil)
    }
    /// The loaded items in list order (gaps left out).
    public var items: [GalleryItem] { slots.items + tail }
    public func item(at index: Int) -> GalleryItem? {
        index < slots.count ? slots.item(at: index) : tail.indices.contains(index - slots.count) ? tail[index - slots.count] : nil
    }
    public var selectedItem: GalleryItem? { item(at: selection) }

    private var isSequential: Bool { query.isDigitsLetter }

    /// Asks for the page the view needs next, unless one is in flight or the last one failed (a
    /// failure waits for `r`): the first gap on screen, else the gap nearest the screen within
    /// `margin` positions in the scroll direction. Each request covers only gap positions, at
    /// most `limit`. Returns the request to send, if any.
    ///
    /// `lead` (a held key that outruns the pages: the positions it covers before a page asked
    /// now lands and its pictures come): two pages may be in flight, and each asks the gaps of a
    /// block of `limit` positions at a multiple of `limit` (the blocks a walk from the start
    /// asks, so a gap left behind is filled later by as many pages as without the lead), first
    /// where the screen will be by then, within the same reach (`margin`) as without it.
    public mutating func requestPage(visible: Range<Int>, margin: Int, limit: Int, lead: Int? = nil,
                                     atMillis now: UInt64? = nil) -> PageRequest? {
        guard failure == nil, inFlight.count < (lead == nil ? 1 : Self.heldPagesInFlight) else { return nil }
        let range: Range<Int>
        let asked = inFlight.map { $0.start..<($0.start + $0.request.limit) }
        if total == nil || isSequential {
            guard inFlight.isEmpty, !endReached else { return nil }
            guard slots.isEmpty || slots.count - visible.upperBound < margin else { return nil }
            range = nextOffset..<(nextOffset + limit)
        } else if let probe = slots.endProbe(limit: limit) {
            // The real end first, while it is looked for: what is on screen may not exist.
            guard inFlight.isEmpty else { return nil }
            range = probe
        } else if let lead, let block = slots.blockToFetch(visible: visible, margin: margin, lead: lead, forward: scrollsForward,
                                                          limit: limit, asked: asked) {
            range = block
        } else if let gap = slots.gapToFetch(visible: visible, margin: margin, forward: scrollsForward, limit: limit, asked: asked) {
            range = gap
        } else {
            return nil
        }
        let offset = total == nil || isSequential ? range.lowerBound : range.lowerBound + slots.shift
        let request = PageRequest(listID: id, query: query, offset: offset, limit: range.count, order: order)
        inFlight.append(PendingPage(request: request, start: range.lowerBound, since: now))
        return request
    }

    /// Pages in flight at once while a held key outruns them: one page of 100 a round trip
    /// cannot keep up with 720 positions a second once the round trip passes 139 ms.
    static let heldPagesInFlight = 2

    /// When `request`, in flight, was asked (ms, the event loop's clock; nil: untimed).
    public func askedAt(_ request: PageRequest) -> UInt64? {
        inFlight.first { $0.request == request }?.since
    }

    /// Clears a failure so the next request retries the same gap.
    public mutating func clearFailure() { failure = nil }

    /// Applies a page answer. Returns false when it is not the answer this list waits for.
    public mutating func receive(_ request: PageRequest, result: Result<ItemPage, PageFailure>) -> Bool {
        guard let at = inFlight.firstIndex(where: { $0.request == request }) else { return false }
        let start = inFlight.remove(at: at).start
        switch result {
        case .failure(let error):
            failure = error
        case .success(let page):
            failure = nil
            total = page.total
            // Read in place: a copy of the slots kept past here would make the write below copy them.
            let repeated = !page.items.isEmpty && page.items.allSatisfy { slots.contains(id: $0.id) }
            // The list's own first page again, asked for further on: the server ignores `offset`.
            let ignoresOffset = repeated && request.offset > 0
                && page.items.map(\.id) == slots.items.prefix(page.items.count).map(\.id)
            // A repeated page's unreadable records are the ones already counted.
            if !repeated { unreadableRecords += page.unreadable }
            if isSequential { receiveSequential(page) } else { receiveSparse(page, for: request, at: start) }
            // The list can end before the selection (End past what the server really has).
            selection = min(selection, max(0, count - 1))
            // A name the server found and the loaded names matched too is shown once, first.
            tail.removeAll { slots.contains(id: $0.id) }
            if repeated {
                // Nothing new (the server ignores offset): a failure waits for `r` instead of
                // the next frame asking again, which made ~22 requests a second.
                failure = PageFailure(marvel: .serverRepeats(offset: request.offset))
                // No offset can fill a gap on a server that ignores it: the list keeps what it
                // has, up to its first gap (End goes to the last record it got, not to gaps).
                // Other repeats (rows shifted on the server) keep their positions for `r`.
                if ignoresOffset && !isSequential { slots.keepLoadedPrefix() }
            }
        }
        return true
    }

    private mutating func receiveSequential(_ page: ItemPage) {
        nextOffset = page.offset + page.items.count + page.unreadable
        var sawPastDigits = false
        for character in page.items {
            guard accepts(character, sawPastDigits: &sawPastDigits) else { continue }
            _ = slots.append(character)
        }
        sequentialEnd = (page.items.isEmpty && page.unreadable == 0) || nextOffset >= page.total || sawPastDigits
    }

    /// Writes a page into its positions (`SparseSlots.write`: dedup, a changing total, short pages).
    private mutating func receiveSparse(_ page: ItemPage, for request: PageRequest, at start: Int) {
        var ignored = false
        // The query alone is captured: a copy of the list would share the slots' storage, and
        // the write would then copy every item loaded so far, on every page of a long walk.
        let query = self.query, merges = mergesLoadedMatches
        // A server that caps pages below the 100 asked (its `limit` says so) sends full pages of
        // its own size: only a page short of that ends the list.
        let applied = page.servedLimit.map { min(max($0, 1), request.limit) } ?? request.limit
        let shift = slots.shift
        slots.write(page.items, at: start, total: page.total, unreadable: page.unreadable,
                    requested: (request.offset, applied)) {
            Self.accepts($0, query: query, mergesLoadedMatches: merges, sawPastDigits: &ignored)
        }
        // Positions removed as duplicates move the later page in flight back with them.
        let removed = slots.shift - shift
        if removed > 0 {
            for i in inFlight.indices where inFlight[i].start > start { inFlight[i].start = max(start, inFlight[i].start - removed) }
        }
    }

    private func accepts(_ character: GalleryItem, sawPastDigits: inout Bool) -> Bool {
        Self.accepts(character, query: query, mergesLoadedMatches: mergesLoadedMatches, sawPastDigits: &sawPastDigits)
    }

    /// Whether a character belongs in this list: a letter keeps its names (the server's
    /// `nameStartsWith` folds case differently on some servers); `#` stops at the first name
    /// past the digits.
    private static func accepts(_ character: GalleryItem, query: ListQuery, mergesLoadedMatches: Bool,
                                sawPastDigits: inout Bool) -> Bool {
        if mergesLoadedMatches, let text = query.typedText {
            return NameMatch.rank(character.name, key: NameMatch.fold(text.trimmingCharacters(in: .whitespaces))) == 0
        }
        guard let letter = query.indexLetter, !letter.matches(character.name) else { return true }
        if letter == .digits, character.name.first.map({ $0 > "9" }) ?? false { sawPastDigits = true }
        return false
    }

    /// Selection moved to `index` (clamped) at `now` (ms, the event loop's clock; nil: untimed);
    /// keeps the direction and pace for prefetching.
    public mutating func select(_ index: Int, atMillis now: UInt64? = nil) {
        let clamped = isEmpty ? 0 : min(max(0, index), count - 1)
        if clamped != selection { travelled(by: clamped - selection, atMillis: now) }
        selection = clamped
    }

    /// A move of `delta` positions (a key, a click, a wheel step) at `now`.
    public mutating func travelled(by delta: Int, atMillis now: UInt64?) {
        pace.moved(by: delta, atMillis: now)
        scrollsForward = pace.forward
    }

    /// Positions to prefetch past the screen in the scroll direction: the distance the user
    /// covers in one measured picture round trip, at least one screen (`TravelPace`).
    public func prefetchDistance(screen: Int, roundTripMillis: Double?) -> Int {
        pace.prefetchDistance(screen: screen, roundTripMillis: roundTripMillis)
    }

    /// Scrolls so the selected row is on screen, moving as little as possible.
    public mutating func revealSelection(in grid: TileGrid) {
        let row = selection / grid.columns
        if row < topRow { topRow = row }
        if row >= topRow + grid.visibleRows { topRow = row - grid.visibleRows + 1 }
        clampTopRow(in: grid)
    }

    /// Keeps the top row inside the list (the last screen may be partly empty only at the end).
    public mutating func clampTopRow(in grid: TileGrid) {
        let lastTop = max(0, grid.rowCount(items: count) - grid.visibleRows)
        topRow = min(max(0, topRow), lastTop)
    }
}

/// A page in flight: the request, the position it starts at, and when it was asked.
struct PendingPage: Equatable, Sendable {
    let request: PageRequest
    var start: Int
    let since: UInt64?
}

/// A request for one page of one list.
public struct PageRequest: Equatable, Hashable, Sendable {
    public let listID: Int
    public let query: ListQuery
    public let offset: Int
    public let limit: Int
    /// The `orderBy` to send (nil: the source's usual order for the query).
    public let order: ListOrder?
    /// Jump by typing's question "which is the first name starting with this?": sent as
    /// `nameStartsWith`/`titleStartsWith` over the query's list, in place of its own prefix.
    public let startsWith: String?

    public init(listID: Int, query: ListQuery, offset: Int, limit: Int, order: ListOrder? = nil, startsWith: String? = nil) {
        self.listID = listID
        self.query = query
        self.offset = offset
        self.limit = limit
        self.order = order
        self.startsWith = startsWith
    }
}
