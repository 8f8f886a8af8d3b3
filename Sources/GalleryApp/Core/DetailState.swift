import TerminalUI

/// The detail screens open over the grid: a stack, so Enter on a comic of a character and then
/// on a character of that comic each push a page, and Esc pops back to exactly what was shown.
/// The grid below is never touched while details are open.
public struct DetailStack: Equatable, Sendable {
    public internal(set) var pages: [DetailPage] = []
    /// Opened from the command line (`marvel-gallery character ID`) with no grid below: going
    /// back from the last page quits instead of showing an empty grid.
    public internal(set) var standalone = false
    var nextID = 1

    public init() {}

    public var top: DetailPage? { pages.last }
    public var isEmpty: Bool { pages.isEmpty }
}

/// What a detail page shows.
public enum DetailSubject: Equatable, Hashable, Sendable {
    case character(Int)
    case comic(Int)
}

/// The loaded data of a page.
public enum DetailContent: Equatable, Sendable {
    case character(CharacterDetail)
    case comic(ComicDetail)

    public var links: [DetailLink] {
        switch self {
        case .character(let c): return c.links
        case .comic(let c): return c.links
        }
    }

    public var picture: ImageRef? {
        switch self {
        case .character(let c): return c.thumbnail
        case .comic(let c): return c.thumbnail
        }
    }
}

/// One detail page: what it shows, how far it is scrolled, which tab, strip item and link are
/// selected, and its pictures.
public struct DetailPage: Equatable, Sendable {
    public static func == (a: DetailPage, b: DetailPage) -> Bool {
        a.pageID == b.pageID && a.subject == b.subject && a.content == b.content && a.failure == b.failure
            && a.scrollTop == b.scrollTop && a.anchor?.block == b.anchor?.block && a.anchor?.offset == b.anchor?.offset
            && a.tab == b.tab && a.strip == b.strip && a.linkIndex == b.linkIndex && a.image == b.image
            && a.requestedImage == b.requestedImage && a.imageFailed == b.imageFailed && a.notice == b.notice
    }

    /// Unique per page ever opened: answers for a page that is gone are dropped.
    public let pageID: Int
    public let subject: DetailSubject
    /// nil while loading.
    public internal(set) var content: DetailContent?
    /// Why the page could not be loaded (shown in a modal; dismissing it closes the page).
    public internal(set) var failure: String?
    /// First document line on screen.
    public internal(set) var scrollTop = 0
    /// Where the user scrolled to, as a block of the document and a line within it: a resize
    /// re-wraps the text and puts this back on top, even after a layout that had to clamp.
    var anchor: (block: String, offset: Int)?
    public internal(set) var tab: AppearanceTab = .comics
    /// The comics of a character / the characters of a comic, with covers.
    public internal(set) var strip: CoverStrip
    public internal(set) var linkIndex = 0
    public internal(set) var image: HalfBlockCells?
    var requestedImage: ThumbnailKey?
    var imageFailed = false
    /// A one-line notice (a link opened, or printed because there is no opener).
    public internal(set) var notice: String?
    /// The name already known when the page was opened (from the tile or the strip), shown
    /// while the page loads.
    public internal(set) var knownTitle: String?

    public init(pageID: Int, subject: DetailSubject) {
        self.pageID = pageID
        self.subject = subject
        self.strip = CoverStrip(pageID: pageID, subject: subject)
    }

    public var isLoading: Bool { content == nil && failure == nil }
}

/// The sideways strip of covers (or portraits) of a detail page: the same sparse paged list as
/// the grids (`.appearances` of the page's subject), shown one row wide, with its own pictures.
public struct CoverStrip: Equatable, Sendable {
    public internal(set) var list: PagedList
    /// First position on screen.
    public internal(set) var first = 0
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

    public init(pageID: Int, subject: DetailSubject) {
        list = PagedList(id: pageID, query: .appearances(subject))
    }

    public var selection: Int { list.selection }

    /// Covers that fit across `width` cells.
    public static func visibleCount(width: Int) -> Int { max(1, (width + gap) / (coverColumns + gap)) }

    /// Positions on screen.
    public func visibleRange(_ visible: Int) -> Range<Int> { first..<min(list.count, first + visible) }

    /// Moves the selection and scrolls so it stays on screen.
    mutating func select(_ index: Int, visible: Int) {
        guard !list.isEmpty else { return }
        list.select(index)
        if selection < first { first = selection }
        if selection >= first + visible { first = selection - visible + 1 }
        first = max(0, min(first, max(0, list.count - visible)))
    }

    /// Pictures of positions more than two screens away are dropped: a long strip keeps only
    /// ids and titles, like the grids.
    mutating func dropFarImages(visible: Int) {
        let keep = max(0, first - 2 * visible)..<(first + 3 * visible)
        let near = Set(keep.compactMap { list.item(at: $0)?.id })
        images = images.filter { near.contains($0.key) }
    }
}

/// A request for a page's data.
public struct DetailRequest: Equatable, Hashable, Sendable {
    public let pageID: Int
    public let subject: DetailSubject
    public init(pageID: Int, subject: DetailSubject) {
        self.pageID = pageID
        self.subject = subject
    }
}

/// Where a loaded picture goes.
public enum ImageSlot: Equatable, Hashable, Sendable {
    /// The page's own picture (portrait or cover).
    case main(pageID: Int)
    /// A cover of the page's strip.
    case strip(pageID: Int)
}

/// Messages of the detail screens (wrapped in `Msg.detail`).
public enum DetailMsg: Equatable, Sendable {
    case characterLoaded(DetailRequest, Result<CharacterDetail, PageFailure>)
    case comicLoaded(DetailRequest, Result<ComicDetail, PageFailure>)
    case stripLoaded(PageRequest, Result<ItemPage, PageFailure>)
    case imageLoaded(ImageSlot, ThumbnailKey, HalfBlockCells?)
    /// The opener ran: `opened` is false when there is no opener (the URL is shown instead).
    case linkOpened(String, opened: Bool)
}

/// Work the detail screens ask for (wrapped in `Effect.detail`).
public enum DetailEffect: Equatable, Sendable {
    case load(DetailRequest)
    case loadStrip(PageRequest)
    case loadImages(ImageSlot, [ThumbnailKey])
    /// Open a link in the desktop's browser (`xdg-open`).
    case openURL(String)
}
