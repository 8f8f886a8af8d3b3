import MarvelAPI
import TerminalUI

/// Settings fixed for a run.
public struct AppConfig: Equatable, Sendable {
    /// Items per list page request (1...100, default `listPageSize`).
    public var pageSize: Int
    /// The contract's largest page: a screen of 200x60 and the two screens ahead fit in one or
    /// two requests, and a walk of 50,000 costs 500 round trips instead of 2,500.
    public static let listPageSize = 100
    public var source: DataSourceKind
    public var language: Language
    /// What the grid lists: characters, or comics (`marvel-gallery comics`).
    public var catalog: CatalogKind = .characters
    /// The comics list to start on (`marvel-gallery comics --format F --title T`).
    public var comicsFilter = ComicsFilter()
    public var searchDebounceMillis = 250
    public var doubleClickMillis: UInt64 = 400
    public var spinnerMillis = 100
    /// A standing notice for the status line (e.g. the catalog fell back to memory).
    public var notice: String?
    /// The source's own credit, shown in the header until a page brings its `attributionText`
    /// (a live source's, when its first page failed); nil: Marvel's.
    public var attribution: String?
    /// Prefetch as if every picture took this long (ms) instead of the measured round trip:
    /// the walk benchmark's comparison with the old fixed assumption (100 ms). nil: measured.
    public var assumedRoundTripMillis: Int?
    /// The grid's `orderBy` (`--order`; `s` cycles it); nil: by name (comics: by title).
    public var order: ListOrder?
    /// Jump by typing: a pause this long (ms) ends the typed prefix.
    public var jumpPauseMillis = 1200

    public init(pageSize: Int = AppConfig.listPageSize, source: DataSourceKind = .offlineCatalog, language: Language = .en) {
        self.pageSize = min(100, max(1, pageSize))
        self.source = source
        self.language = language
    }
}

/// The search field: what is typed and which lists it sits on.
public struct SearchState: Equatable, Sendable {
    /// The most characters the field keeps: a name is far shorter, and a 1 MB paste must not
    /// become a 1 MB query, field and frame (it took seconds a key).
    public static let maxCharacters = 256
    public var text = ""
    /// Typing or a paste went past `maxCharacters` and was cut (the field says so).
    public var wasCut = false
    /// Bumped on every edit; a debounce timer only acts for the current generation.
    public var generation = 0
    /// Lists below the search (the stack is cut back to this depth to restore).
    public let baseDepth: Int
    /// True while the field has the focus (false after Enter: results kept, grid focused).
    public var isEditing = true
    /// Where typing goes, in characters from the start (←/→ move it); nil: the end.
    public var cursor: Int?
    var cursorIndex: Int { min(cursor ?? text.count, text.count) }
}

/// What is drawn over the grid and takes the keys first.
public enum Overlay: Equatable, Sendable {
    case help
    /// `z`: a picture over the whole screen (`AppState.fullPicture`).
    case picture
}

/// The whole app state. Only `update` changes it; the view only reads it.
public struct AppState: Equatable, Sendable {
    public var config: AppConfig
    public var size: Size
    /// The list stack: `[0]` is the main list; a search or a letter sits above it.
    public internal(set) var lists: [PagedList]
    public internal(set) var search: SearchState?
    /// Cursor in the A–Z index bar while it is open (index into `IndexLetter.all`).
    public internal(set) var indexCursor: Int?
    public internal(set) var overlay: Overlay?
    /// First row of the help shown when it is taller than the screen.
    public internal(set) var helpScroll = 0
    /// The picture `z` shows over the whole screen while `overlay` is `.picture`.
    public internal(set) var fullPicture: FullPicture?
    /// A full picture closed before it came: its load is cancelled on the next settle.
    var cancelledFullPicture: ThumbnailKey?
    /// Detail pages open over the grid (issue 8).
    public internal(set) var details = DetailStack()
    /// The newest thumbnail of each character in the window (possibly of an older size, drawn
    /// until the new size arrives).
    public internal(set) var thumbnails: [Int: HalfBlockCells] = [:]
    /// Thumbnails asked for and not answered yet, with their current priority.
    public internal(set) var requestedThumbnails: [ThumbnailKey: ThumbnailPriority] = [:]
    public internal(set) var failedThumbnails: Set<ThumbnailKey> = []
    /// The measured picture round trip, for the prefetch distance.
    public internal(set) var pictureRoundTrip = RoundTripEstimate()
    /// The measured list page round trip (asked → answer handled), for whether a held key
    /// outruns the pages.
    public internal(set) var pageRoundTrip = RoundTripEstimate()
    /// The event loop's clock at the message being handled (ms, monotonic; nil: untimed, as
    /// in tests that do not pass one): the time of a key, for the pace of a held key.
    public internal(set) var clockMillis: UInt64?
    public internal(set) var attribution: String?
    public internal(set) var staleData = false
    /// Damaged pictures and caches that fell back to memory, for the status line.
    public internal(set) var health = SourceHealth()
    public internal(set) var spinnerFrame = 0
    var spinnerTicking = false
    /// A `.letGo` timer is running (`watchLetGo`).
    var letGoCheckPending = false
    var lastClick: LastClick?
    var nextListID = 1
    public internal(set) var isQuitting = false
    /// Seconds left of the current list's "retry after N s" (counted down once a second).
    public internal(set) var retrySecondsLeft: Int?
    /// Ctrl-C ended the program: the process exits 130 like an interrupted one.
    public internal(set) var interruptedByKey = false
    /// "copied name: …" in the status line after `y` / `Y`, until the next key.
    public internal(set) var copyNotice: String?
    /// Favourites and history, in memory (the runner writes them on each change).
    public internal(set) var saved = SavedLists()
    /// Why a saved list is kept in memory only (said once each, in the status line, and on
    /// that list's own screen while it is empty).
    public internal(set) var savedProblems: [SavedNotice] = []
    public var savedNotices: [String] { savedProblems.map(\.text) }
    /// Detail pages already put in the history (by page id).
    var visitedPages: Set<Int> = []
    /// The entries a saved grid shows, as they were when it opened or its file was last read
    /// again (by list id): a tile unstarred here stays, shown without its star.
    var savedSnapshots: [Int: [SavedEntry]] = [:]
    /// The saved grid whose file is being watched (a reading or a check in flight), by list id.
    var savedWatch: Int?
    /// Which version of each saved list's file was read last (`Effect.reread`).
    var savedStamps: [SavedList: SavedStore.FileStamp] = [:]
    /// The saved entries' times.
    public var wallClock = WallClock.system
    /// Jump by typing (`'`) while its prefix is being typed; the jump (or index letter) being
    /// placed; what the status line says about it until the next key.
    public internal(set) var jumpTyping: JumpTyping?
    public internal(set) var jump: JumpState?
    public internal(set) var jumpNotice: String?
    /// The text of the last search closed (Esc), for `n` / `N` on the list under it.
    public internal(set) var lastSearchText: String?
    /// Esc on the main list: the status line says "q quits" until the next key.
    public internal(set) var quitHintShown = false
    /// A key was ignored on the "Terminal too small" screen (it says so until the next resize).
    public internal(set) var tooSmallKeyIgnored = false
    /// The last size the grid fitted, while the terminal is too small (`gridBeforeResize`).
    var lastFittingSize: Size?
    /// Keys typed before the grid's first page came, in order (`Update+HeldKeys`), and when
    /// the first of them was held.
    var heldKeys: [KeyEvent] = []
    var heldSince: UInt64?

    /// A fresh state showing the main list (or, with `letter`, that letter over the main list;
    /// with `search`, the results for that text with the field kept, as after Enter).
    public init(config: AppConfig, size: Size, letter: IndexLetter? = nil, search: String? = nil) {
        self.config = config
        self.size = size
        self.details = DetailStack(size: size, strings: Strings(config.language))
        self.lists = [PagedList(id: 0, query: config.catalog.mainQuery(config.comicsFilter))]
        lists[0].order = config.order
        if let letter {
            lists.append(PagedList(id: nextListID, query: .letter(letter)))
            nextListID += 1
        }
        if let search, !search.drop(while: { $0 == " " }).isEmpty {
            var field = SearchState(baseDepth: lists.count)
            field.text = search
            field.isEditing = false
            self.search = field
            applySearch()
        }
    }

    public var strings: Strings { Strings(config.language) }
    /// The header's credit: the last page's, else the source's own, else Marvel's.
    public var shownAttribution: String { attribution ?? config.attribution ?? MarvelAttribution.text }
    public var layout: ScreenLayout {
        ScreenLayout(size: size, legendRows: config.catalog == .comics ? 1 : 0, labelColumns: config.catalog.labelColumns)
    }
    /// The list on screen.
    public var current: PagedList { lists[lists.count - 1] }

    /// True when every tile on screen shows its picture (or its placeholder) at the current
    /// size and nothing is loading: the "first complete grid" the startup benchmark waits for.
    public var isGridComplete: Bool {
        guard let grid = layout.tileGrid, !current.isEmpty || current.endReached else { return false }
        if current.isEmpty { return true }
        for index in grid.visibleRange(topRow: current.topRow, count: current.count) {
            guard let character = current.item(at: index) else { return false }
            guard let key = thumbnailKey(for: character, in: grid) else { continue }
            if failedThumbnails.contains(key) { continue }
            guard let thumb = thumbnails[character.id], thumb.cols == key.columns,
                  thumb.rows == key.rows else { return false }
        }
        return true
    }

    /// The thumbnail a character needs at this grid size; nil when it has no real picture.
    public func thumbnailKey(for character: GalleryItem, in grid: TileGrid) -> ThumbnailKey? {
        guard let image = character.thumbnail, !image.isPlaceholder else { return nil }
        return ThumbnailKey(itemID: character.id, image: image,
                            columns: grid.thumbColumns, rows: grid.thumbRows)
    }
}

/// The last click on a tile, to recognise a double click.
struct LastClick: Equatable, Sendable {
    let item: Int
    let listID: Int
    let at: UInt64
}
