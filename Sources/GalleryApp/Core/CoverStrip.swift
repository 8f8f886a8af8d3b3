import TerminalUI
import MarvelAPI

/// The sideways strip of covers (or portraits) of a detail page: its positions are the same
/// sparse paged slots as a grid list's (`SparseSlots`), so a page comes in only where the strip
/// looks, in either direction, once, with the same dedup; pictures far from the screen are dropped.
public struct CoverStrip: Equatable, Sendable {
    var slots = SparseSlots<StripItem>()
    public internal(set) var total: Int?
    public internal(set) var pending: StripRequest?
    var pendingStart = 0
    public internal(set) var failure: String?
    public internal(set) var selection = 0
    /// First item on screen.
    public internal(set) var first = 0
    /// Where the selection last moved (the side whose gaps are fetched first).
    var movesForward = true
    public internal(set) var images: [Int: HalfBlockCells] = [:]
    var requested: Set<ThumbnailKey> = []
    var failed: Set<ThumbnailKey> = []

    /// Cover size in cells (a portrait 2:3 in half blocks) and the gap between covers.
    public static let coverRows = 8
    public static let coverColumns = TileGrid.thumbColumns(forRows: coverRows)
    public static let gap = 2
    /// Lines the strip takes in the document: the covers and one title line under them.
    public static let height = coverRows + 1
    public static let pageSize = 20

    /// Covers that fit across `width` cells.
    public static func visibleCount(width: Int) -> Int { max(1, (width + gap) / (coverColumns + gap)) }

    /// Positions of the strip (its total once known; gaps included).
    public var count: Int { slots.count }
    /// The loaded items in strip order (gaps left out).
    public var items: [StripItem] { slots.items }
    public func item(at index: Int) -> StripItem? { slots.item(at: index) }
    public var endReached: Bool { total != nil && slots.isFull }

    /// A list the entity carries itself (a comic's one series): all there at once.
    mutating func receiveInline(_ items: [StripItem]) {
        slots = SparseSlots(items: items)
        total = items.count
    }

    /// The page to ask for now, if any: the first page, else the gaps on screen, else the
    /// nearest ones within two screens on the side the selection moves to. A failure waits for `r`.
    mutating func nextRequest(pageID: Int, subject: DetailSubject, related: MarvelResource, visible: Int) -> StripRequest? {
        guard pending == nil, failure == nil else { return nil }
        let range: Range<Int>
        if total == nil {
            range = 0..<Self.pageSize
        } else if let probe = slots.endProbe(limit: Self.pageSize)
                    ?? slots.gapToFetch(visible: first..<(first + visible), margin: 2 * visible,
                                        forward: movesForward, limit: Self.pageSize) {
            range = probe
        } else {
            return nil
        }
        let request = StripRequest(pageID: pageID, subject: subject, related: related,
                                   offset: range.lowerBound + slots.shift, limit: range.count)
        pending = request
        pendingStart = range.lowerBound
        return request
    }

    mutating func receive(_ page: StripPage, for request: StripRequest) {
        total = page.total
        slots.write(page.items, at: pendingStart, total: page.total, unreadable: 0, requested: (request.offset, request.limit))
        // The strip can end before the selection (past what the server really has).
        selection = max(0, min(selection, count - 1))
        first = min(first, selection)
    }

    /// Pictures are kept for the screen and a screen either side only (a long strip holds ids and titles).
    mutating func dropFarPictures(visible: Int) {
        let keep = max(0, first - visible)..<(first + 2 * visible)
        let ids = Set(keep.compactMap { slots.item(at: $0)?.id })
        images = images.filter { ids.contains($0.key) }
    }

    /// Moves the selection and scrolls so it stays on screen.
    mutating func select(_ index: Int, visible: Int) {
        guard count > 0 else { return }
        let clamped = min(max(0, index), count - 1)
        if clamped != selection { movesForward = clamped > selection }
        selection = clamped
        if selection < first { first = selection }
        if selection >= first + visible { first = selection - visible + 1 }
        first = max(0, min(first, max(0, count - visible)))
    }
}
