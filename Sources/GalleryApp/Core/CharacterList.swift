/// One endlessly scrolled list of characters with its own paging, selection and scroll state.
/// The main list, a search result and a letter of the index are each one of these; they sit on
/// a stack in `AppState`, so going back restores the previous one exactly as it was.
public struct CharacterList: Equatable, Sendable {
    /// Unique per list ever created: pages are tagged with it, so answers for a list that is
    /// gone (an older search) are dropped.
    public let id: Int
    public let query: ListQuery
    public private(set) var items: [GalleryCharacter] = []
    private var knownIDs: Set<Int> = []
    /// `total` of the last page received (it can change between pages).
    public private(set) var total: Int?
    /// Offset of the next page to ask for (counts rows the server returned, duplicates included).
    public private(set) var nextOffset = 0
    /// The page in flight, if any (at most one per list).
    public private(set) var pending: PageRequest?
    /// The last page failure; cleared by a retry.
    public private(set) var failure: PageFailure?
    public private(set) var endReached = false
    /// Records the server sent that could not be read (skipped; the rest of their page is kept).
    public private(set) var unreadableRecords = 0
    /// Index of the selected item (0 when empty).
    public var selection = 0
    /// First grid row on screen.
    public var topRow = 0
    /// Where the user last moved, for the prefetch band.
    public var scrollsForward = true

    public init(id: Int, query: ListQuery) {
        self.id = id
        self.query = query
    }

    /// Whether the items were filtered here from an already loaded list (a search the source
    /// cannot do: anywhere in a name on the Marvel API), not fetched.
    public private(set) var isLocal = false

    /// A complete list of `items` found locally: nothing more to fetch.
    public init(id: Int, query: ListQuery, localItems: [GalleryCharacter]) {
        self.init(id: id, query: query)
        items = localItems
        knownIDs = Set(localItems.map(\.id))
        total = localItems.count
        endReached = true
        isLocal = true
    }

    public var isEmpty: Bool { items.isEmpty }
    public var isLoading: Bool { pending != nil }
    public var selectedCharacter: GalleryCharacter? { items.indices.contains(selection) ? items[selection] : nil }

    /// Asks for the next page unless one is in flight, the end is reached or the last one failed
    /// (a failure waits for `r`). Returns the request to send, if any.
    public mutating func requestNextPage(limit: Int) -> PageRequest? {
        guard pending == nil, !endReached, failure == nil else { return nil }
        let request = PageRequest(listID: id, query: query, offset: nextOffset, limit: limit)
        pending = request
        return request
    }

    /// Clears a failure so the next `requestNextPage` retries the same offset.
    public mutating func clearFailure() { failure = nil }

    /// Applies a page answer. Returns false when it is not the answer this list waits for.
    public mutating func receive(_ request: PageRequest, result: Result<CharacterPage, PageFailure>) -> Bool {
        guard request == pending else { return false }
        pending = nil
        switch result {
        case .failure(let error):
            failure = error
        case .success(let page):
            failure = nil
            total = page.total
            nextOffset = page.offset + page.items.count + page.unreadable
            unreadableRecords += page.unreadable
            var sawPastDigits = false, repeated = 0
            for character in page.items {
                if case .letter(let letter) = query, !letter.matches(character.name) {
                    // `#` pages the whole list: the first name past the digits ends it.
                    if letter == .digits, character.name.first.map({ $0 > "9" }) ?? false { sawPastDigits = true }
                    continue
                }
                guard knownIDs.insert(character.id).inserted else { repeated += 1; continue }
                items.append(character)
            }
            endReached = (page.items.isEmpty && page.unreadable == 0) || nextOffset >= page.total || sawPastDigits
            if !page.items.isEmpty, repeated == page.items.count {
                // Nothing new (the server ignores offset): a failure waits for `r` instead of
                // the next frame asking again, which made ~22 requests a second.
                failure = PageFailure(marvel: .serverRepeats(offset: page.offset))
            }
        }
        return true
    }

    /// Selection moved to `index` (clamped); keeps the direction for prefetching.
    public mutating func select(_ index: Int) {
        let clamped = items.isEmpty ? 0 : min(max(0, index), items.count - 1)
        if clamped != selection { scrollsForward = clamped > selection }
        selection = clamped
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
        let lastTop = max(0, grid.rowCount(items: items.count) - grid.visibleRows)
        topRow = min(max(0, topRow), lastTop)
    }
}

/// A request for one page of one list.
public struct PageRequest: Equatable, Hashable, Sendable {
    public let listID: Int
    public let query: ListQuery
    public let offset: Int
    public let limit: Int

    public init(listID: Int, query: ListQuery, offset: Int, limit: Int) {
        self.listID = listID
        self.query = query
        self.offset = offset
        self.limit = limit
    }
}
