@testable import GalleryApp
import TerminalUI

/// A character catalog in memory that answers page requests like the Marvel API does
/// (name order, `nameStartsWith` case-insensitive, `offset`/`limit`, `total`).
struct FakeCatalog {
    var characters: [GalleryItem]
    /// When a page at this offset or later is asked, a new character appears at the front of
    /// the list (the data changed between pages): every later page then repeats the item that
    /// ended the page before, as the real API does when rows shift.
    var insertBeforePageAt: Int?
    var inserted = GalleryItem(id: 1, name: "!New Arrival")
    /// The `total` every page claims, whatever the catalog holds (a hostile server); nil: the truth.
    var claimedTotal: Int?
    /// Every page's `total` is not a number: read as `DataContainer` reads it (a full page: 2^53;
    /// a short one: where it ended).
    var totalIsUnknown = false

    static let namedCharacters = [
        "3-D Man", "A-Bomb (HAS)", "A.I.M.", "Aaron Stack", "Abomination", "Absorbing Man",
        "Spider-Girl", "Spider-Man", "Spiral", "Sponge", "Squirrel Girl", "Thanos", "Thor",
    ]

    /// `count` characters: the named ones plus "Zz Extra NNN" fillers, ids from 1000.
    static func make(count: Int) -> FakeCatalog {
        var names = namedCharacters
        var n = 0
        while names.count < count {
            names.append("Zz Extra \(n < 10 ? "00" : n < 100 ? "0" : "")\(n)")
            n += 1
        }
        let characters = names.prefix(count).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .enumerated().map { i, name in
                GalleryItem(id: 1000 + i, name: name, description: i % 3 == 0 ? "" : "About \(name).",
                                 thumbnail: i % 7 == 3
                                    ? ImageRef(path: "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available", extension: "jpg")
                                    : ImageRef(path: "http://127.0.0.1/img/\(1000 + i)", extension: "jpg"),
                                 comicsAvailable: i, seriesAvailable: 1, storiesAvailable: 2, eventsAvailable: 0)
            }
        return FakeCatalog(characters: characters)
    }

    func matching(_ query: ListQuery) -> [GalleryItem] {
        var startsWith = query.nameStartsWith
        if case .comics(let filter) = query { startsWith = filter.startsWith }
        guard let prefix = startsWith?.lowercased() else { return characters }
        return characters.filter { $0.name.lowercased().hasPrefix(prefix) }
    }

    mutating func answer(_ request: PageRequest) -> ItemPage {
        if let at = insertBeforePageAt, request.offset >= at {
            characters.insert(inserted, at: 0)
            insertBeforePageAt = nil
        }
        var all = matching(request.query)
        // Jump by typing's question, and the order asked (modified: by id from the last,
        // comics: by `comicsAvailable`; ties by name), as a server honouring `orderBy` would.
        if let prefix = request.startsWith?.lowercased() { all = all.filter { $0.name.lowercased().hasPrefix(prefix) } }
        if let order = request.order, order.field != .name && order.field != .title || order.descending {
            let byName = { (a: GalleryItem, b: GalleryItem) in Array(a.name.utf8).lexicographicallyPrecedes(Array(b.name.utf8)) }
            all.sort { a, b in
                switch order.field {
                case .comics: a.comicsAvailable != b.comicsAvailable ? a.comicsAvailable < b.comicsAvailable : byName(a, b)
                case .modified: a.id % 13 != b.id % 13 ? a.id % 13 < b.id % 13 : byName(a, b)
                default: byName(a, b)
                }
            }
            if order.descending { all.reverse() }
        }
        let start = min(all.count, request.offset)
        let items = Array(all[start..<min(all.count, start + request.limit)])
        let unknown = items.count < request.limit ? request.offset + items.count : 1 << 53
        return ItemPage(offset: request.offset, total: totalIsUnknown ? unknown : claimedTotal ?? all.count, items: items,
                             attributionText: "Data provided by Marvel. © 2026 MARVEL")
    }
}

/// Drives an `AppState` like the runner would, but synchronously and under the test's control.
struct Harness {
    var state: AppState
    var catalog: FakeCatalog
    /// Fetches asked for and not answered yet, oldest first.
    var pendingFetches: [PageRequest] = []
    var timers: [TimerTag] = []
    var log: [Effect] = []

    /// `pageSize` 20 by default: these tests exercise paging over many small pages (the
    /// program's own default, `AppConfig.listPageSize`, is what `PageOfHundredTests` checks).
    init(size: Size = Size(width: 120, height: 40), count: Int = 100, letter: IndexLetter? = nil, pageSize: Int = 20) {
        state = AppState(config: AppConfig(pageSize: pageSize), size: size, letter: letter)
        catalog = FakeCatalog.make(count: count)
    }

    @discardableResult
    mutating func send(_ msg: Msg) -> [Effect] {
        let effects = state.update(msg)
        log += effects
        for effect in effects {
            switch effect {
            case .fetchPage(let request): pendingFetches.append(request)
            case .startTimer(let tag, _): timers.append(tag)
            default: break
            }
        }
        return effects
    }

    @discardableResult
    mutating func key(_ key: KeyEvent) -> [Effect] { send(.key(key)) }

    mutating func type(_ text: String) {
        for c in text { key(.char(c)) }
    }

    /// Answers the oldest pending fetch.
    mutating func answerOne() {
        guard !pendingFetches.isEmpty else { return }
        let request = pendingFetches.removeFirst()
        let page = catalog.answer(request)
        send(.pageLoaded(request, .success(page)))
    }

    /// Answers fetches until none is pending (the list has loaded as far as it wants).
    mutating func answerAll(limit: Int = 200) {
        var n = 0
        while !pendingFetches.isEmpty && n < limit {
            answerOne()
            n += 1
        }
    }

    /// Fires the newest debounce timer that was started.
    mutating func fireLatestDebounce() {
        guard let tag = timers.last(where: { if case .searchDebounce = $0 { true } else { false } }) else { return }
        send(.timerFired(tag))
    }

    var names: [String] { state.current.items.map(\.name) }
}
