import TerminalUI

import MarvelAPI

/// The detail screens open over the grid: a stack, so Enter on a comic of a character and then
/// on a character of that comic each push a page, and Esc pops back to exactly what was shown.
/// The grid below is never touched while details are open. The stack is its own state machine
/// (`update(DetailMsg) -> [DetailEffect]`, in `DetailStack+Update.swift`): it knows the screen
/// size and the language, and nothing else of the app.
public struct DetailStack: Equatable, Sendable {
    public internal(set) var pages: [DetailPage] = []
    /// Opened from the command line (`marvel-gallery character ID`) with no grid below: going
    /// back from the last page quits instead of showing an empty grid.
    public internal(set) var standalone = false
    /// Why the standalone page could not be opened, once its error was dismissed: the run then
    /// ends as a failure (exit 1 with this reason), as `--plain` does, not as a plain quit.
    public internal(set) var standaloneFailure: String?
    var nextID = 1
    public internal(set) var size: Size
    public let strings: Strings

    public init(size: Size = Size(width: 80, height: 24), strings: Strings = Strings()) {
        self.size = size
        self.strings = strings
    }

    public var top: DetailPage? { pages.last }
    public var isEmpty: Bool { pages.isEmpty }
    /// The top page's layout.
    var layout: DetailLayout { DetailLayout(size: size, page: top) }
    func layout(for page: DetailPage) -> DetailLayout { DetailLayout(size: size, page: page) }
}

extension DetailLayout {
    /// The layout of `page` (nil: the layout of a page with a picture) at `size`.
    init(size: Size, page: DetailPage?) {
        self.init(size: size, picture: page?.showsPicture ?? true, pictureBox: page?.hasPicture ?? true)
    }
}

/// What a detail page shows: one entity of any of the six types.
public enum DetailSubject: Equatable, Hashable, Sendable {
    case character(Int)
    case comic(Int)
    case creator(Int)
    case event(Int)
    case series(Int)
    case story(Int)

    public init(_ kind: MarvelResource, id: Int) {
        switch kind {
        case .characters: self = .character(id)
        case .comics: self = .comic(id)
        case .creators: self = .creator(id)
        case .events: self = .event(id)
        case .series: self = .series(id)
        case .stories: self = .story(id)
        }
    }

    public var kind: MarvelResource {
        switch self {
        case .character: .characters
        case .comic: .comics
        case .creator: .creators
        case .event: .events
        case .series: .series
        case .story: .stories
        }
    }

    public var id: Int {
        switch self {
        case .character(let id), .comic(let id), .creator(let id), .event(let id), .series(let id), .story(let id): id
        }
    }

    /// The related lists of the page, in tab order (the first is shown on opening).
    public var tabs: [MarvelResource] {
        switch kind {
        case .characters: [.comics, .series, .stories, .events]
        case .comics: [.characters, .creators, .series, .stories, .events]
        case .creators: [.comics, .series, .stories, .events]
        case .events: [.comics, .characters, .creators, .series, .stories]
        case .series: [.comics, .characters, .creators, .events, .stories]
        case .stories: [.comics, .characters, .creators, .series, .events]
        }
    }
}

/// The loaded data of a page.
public enum DetailContent: Equatable, Sendable {
    case character(CharacterDetail)
    case comic(ComicDetail)
    /// A creator, event, series or story.
    case entity(EntityDetail)

    public var links: [DetailLink] {
        switch self {
        case .character(let c): c.links
        case .comic(let c): c.links
        case .entity(let e): e.links
        }
    }

    public var picture: ImageRef? {
        switch self {
        case .character(let c): c.thumbnail
        case .comic(let c): c.thumbnail
        case .entity(let e): e.thumbnail
        }
    }

    public var title: String {
        switch self {
        case .character(let c): c.name
        case .comic(let c): c.title
        case .entity(let e): e.title
        }
    }

    /// Related types whose count the source does not know yet (the tab says "…", not 0).
    public var unknownCounts: Set<MarvelResource> {
        switch self {
        case .character(let c): c.unknownCounts
        case .comic(let c): c.unknownCounts
        case .entity(let e): e.unknownCounts
        }
    }

    /// How many entities of a related type this one lists (the tab's count).
    public func count(of kind: MarvelResource) -> Int {
        switch self {
        case .character(let c):
            switch kind {
            case .comics: c.comics.available
            case .series: c.series.available
            case .stories: c.stories.available
            case .events: c.events.available
            default: 0
            }
        case .comic(let c):
            switch kind {
            case .characters: c.charactersAvailable
            case .creators: c.creatorsAvailable
            case .series: c.seriesID == nil ? 0 : 1
            case .stories: c.storiesAvailable
            case .events: c.eventsAvailable
            default: 0
            }
        case .entity(let e): e.counts[kind] ?? 0
        }
    }

    /// A related list the contract has no route for, taken from the entity itself: a comic's
    /// one series. nil when the list comes from a cross route.
    func inlineItems(_ kind: MarvelResource) -> [StripItem]? {
        guard case .comic(let comic) = self, kind == .series else { return nil }
        guard let id = comic.seriesID, let title = comic.series else { return [] }
        return [StripItem(id: id, title: title, thumbnail: nil)]
    }
}

/// Where the user scrolled to, as a block of the document and a line within it.
struct ScrollAnchor: Equatable, Sendable {
    let block: String
    let offset: Int
}

/// One detail page: what it shows, how far it is scrolled, which tab, strip item and link are
/// selected, and its pictures.
public struct DetailPage: Equatable, Sendable {
    /// Unique per page ever opened: answers for a page that is gone are dropped.
    public let pageID: Int
    public let subject: DetailSubject
    /// nil while loading.
    public internal(set) var content: DetailContent?
    /// Why the page could not be loaded (shown in a modal; dismissing it closes the page).
    public internal(set) var failure: String?
    /// First document line on screen.
    public internal(set) var scrollTop = 0
    /// Where the user scrolled to: a resize re-wraps the text and puts this back on top, even
    /// after a layout that had to clamp.
    var anchor: ScrollAnchor?
    /// The related list shown (one of `subject.tabs`).
    public internal(set) var tab: MarvelResource
    /// Each tab's strip of pictures, kept when switching tabs so coming back finds it as it was.
    public internal(set) var strips: [MarvelResource: CoverStrip] = [:]
    public internal(set) var linkIndex = 0
    /// Enter was pressed on this tab before its strip had the selected item (the page or its
    /// strip still loading): the item opens when it arrives, unless another key came first.
    var opensWhenLoaded: MarvelResource?
    public internal(set) var image: HalfBlockCells?
    var requestedImage: ThumbnailKey?
    var imageFailed = false
    /// The page has a picture of its own to show (not Marvel's "image not available", not
    /// one that failed to load): only then may it take the backdrop layout.
    public var showsPicture: Bool {
        guard let ref = content?.picture else { return false }
        return !ref.isPlaceholder && !imageFailed
    }
    /// The page has a picture at all, shown or failed: a story's null thumbnail and Marvel's
    /// "image not available" have none, and leave the whole width to the details.
    public var hasPicture: Bool { content?.picture.map { !$0.isPlaceholder } ?? false }
    /// A one-line notice (a link opened, or printed because there is no opener).
    public internal(set) var notice: String?
    /// A link `o` could not open, shown whole until the next key.
    public internal(set) var unopenedLink: String?
    /// The name already known when the page was opened (from the tile or the strip), shown
    /// while the page loads.
    public internal(set) var knownTitle: String?

    public init(pageID: Int, subject: DetailSubject) {
        self.pageID = pageID
        self.subject = subject
        self.tab = subject.tabs[0]
    }

    public var isLoading: Bool { content == nil && failure == nil }

    /// The strip of the tab shown.
    public internal(set) var strip: CoverStrip {
        get { strips[tab] ?? CoverStrip() }
        set { strips[tab] = newValue }
    }
}

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

/// A request for a page's data.
public struct DetailRequest: Equatable, Hashable, Sendable {
    public let pageID: Int
    public let subject: DetailSubject
}

/// A request for one page of a detail's strip: the entities of type `related` that `subject`
/// lists (a character's comics, a comic's characters, a series' events…).
public struct StripRequest: Equatable, Hashable, Sendable {
    public let pageID: Int
    public let subject: DetailSubject
    public let related: MarvelResource
    public let offset: Int
    public let limit: Int
}

/// Where a loaded picture goes.
public enum ImageSlot: Equatable, Hashable, Sendable {
    /// The page's own picture (portrait or cover).
    case main(pageID: Int)
    /// A picture of one of the page's strips.
    case strip(pageID: Int, related: MarvelResource)
}

/// Messages of the detail stack (wrapped in `Msg.detail`): the user's input while a page is
/// on top, and the answers to its effects.
public enum DetailMsg: Equatable, Sendable {
    /// Push a page (`title`: the name already known, shown while it loads).
    case open(DetailSubject, title: String?, standalone: Bool)
    case key(KeyEvent)
    case mouse(MouseEvent)
    case resized(Size)
    case loaded(DetailRequest, Result<DetailContent, PageFailure>)
    case stripLoaded(StripRequest, Result<StripPage, PageFailure>)
    case imageLoaded(ImageSlot, ThumbnailKey, HalfBlockCells?)
    /// The opener ran: `opened` is false when there is no opener (the URL is shown instead).
    case linkOpened(String, opened: Bool)
    /// The clipboard sequence went out with this text (cleaned, canonical).
    case copied(CopyRequest)
}

/// Work the detail stack asks for (wrapped in `Effect.detail`).
public enum DetailEffect: Equatable, Sendable {
    case load(DetailRequest)
    case loadStrip(StripRequest)
    case loadImages(ImageSlot, [ThumbnailKey])
    /// Open a link in the desktop's browser (`xdg-open`).
    case openURL(String)
    /// Put a name or link on the terminal's clipboard.
    case copy(CopyRequest)
}
