import Foundation
import MarvelAPI
import TerminalUI

/// Favourites (`f`) and history (pages opened; `H` shows them): the core keeps both lists in
/// memory and asks the runner to write a list whenever it changes (`Effect.save`).
extension AppState {
    /// `f` on the grid: stars the selected tile, or takes its star off.
    mutating func toggleFavouriteOnGrid() -> [Effect] {
        guard let item = current.selectedItem, item.id >= 0 else { return [] }
        let kind = item.kind ?? config.catalog.resource
        return toggleFavourite(entry(kind, id: item.id, name: item.name, thumbnail: item.thumbnail))
    }

    /// `f` on a detail page: stars the page's record (its name and picture once loaded).
    mutating func toggleFavouriteOnDetail() -> [Effect] {
        guard let page = details.top else { return [] }
        let name = page.content?.title ?? page.knownTitle ?? ""
        return toggleFavourite(entry(page.subject.kind, id: page.subject.id, name: name, thumbnail: page.content?.picture))
    }

    mutating func toggleFavourite(_ entry: SavedEntry) -> [Effect] {
        let starred = saved.toggleFavourite(entry)
        copyNotice = strings.text(starred ? .favouriteAdded : .favouriteRemoved, Sanitizer.clean(entry.name))
        return [.save(.favourites, saved.favourites, base: saved.base(.favourites), revision: saved.revision)]
    }

    /// Whether a tile (of this grid, or of a saved grid carrying its own kind) is starred.
    public func isFavourite(_ item: GalleryItem) -> Bool {
        saved.isFavourite(item.kind ?? config.catalog.resource, id: item.id, source: config.source.savedName)
    }

    /// Whose keys (and help, and hints) apply: a saved list shown over another grid (`H`) has
    /// the saved grids' keys.
    public var keyCatalog: CatalogKind {
        if case .saved(let list) = current.query { return .saved(list) }
        return config.catalog
    }

    /// `F` / `H`: the favourites or the recently opened pages over the grid (Esc comes back);
    /// over the other saved list, in its place.
    mutating func openSavedList(_ list: SavedList) {
        if case .saved(let shown) = current.query {
            if shown == list { return }
            if lists.count > 1 { lists.removeLast() }
        }
        if search != nil { restoreFromSearch() }
        lists.append(PagedList(id: nextListID, query: .saved(list)))
        nextListID += 1
    }

    /// A detail page got its content: it goes first in the history (once per page opened).
    mutating func recordVisit() -> [Effect] {
        guard let page = details.top, let content = page.content, !visitedPages.contains(page.pageID) else { return [] }
        visitedPages.insert(page.pageID)
        saved.recordVisit(entry(page.subject.kind, id: page.subject.id, name: content.title, thumbnail: content.picture))
        return [.save(.recent, saved.history, base: saved.base(.recent), revision: saved.revision)]
    }

    /// A saved grid's pages come from memory at once: no request leaves the program.
    mutating func answerSavedPages(visible: Range<Int>, margin: Int) {
        let top = lists.count - 1
        guard case .saved(let list) = lists[top].query else { return }
        let listID = lists[top].id
        if savedSnapshots[listID] == nil { savedSnapshots[listID] = saved.entries(list) }
        let entries = savedSnapshots[listID] ?? []
        while let request = lists[top].requestPage(visible: visible, margin: margin, limit: config.pageSize) {
            let slice = entries.dropFirst(request.offset).prefix(request.limit)
            let page = ItemPage(offset: request.offset, total: entries.count, items: slice.map(\.galleryItem))
            guard lists[top].receive(request, result: .success(page)) else { break }
        }
    }

    /// How often an open saved grid looks at its file.
    static let savedCheckMillis = 1000

    /// A saved grid on screen reads its file again when it opens, then whenever the file
    /// changes (another gallery starred something): the view shows it, and this run's next
    /// save merges from it instead of writing over it.
    mutating func watchSavedFile() -> [Effect] {
        guard case .saved(let list) = current.query, savedWatch != current.id else { return [] }
        savedWatch = current.id
        return [.reread(list, listID: current.id, since: savedStamps[list])]
    }

    mutating func checkSavedFile(listID: Int) -> [Effect] {
        guard savedWatch == listID else { return [] }
        guard current.id == listID, details.isEmpty, case .saved(let list) = current.query else {
            savedWatch = nil  // looked at again when it is back on screen
            return []
        }
        return [.reread(list, listID: listID, since: savedStamps[list])]
    }

    mutating func receiveSavedFile(_ list: SavedList, listID: Int, stamp: SavedStore.FileStamp?, entries: [SavedEntry]?) -> [Effect] {
        if let stamp, let entries {
            savedStamps[list] = stamp
            if saved.absorb(list, file: entries) { showSavedAgain(list) }
        }
        guard savedWatch == listID else { return [] }
        return [.startTimer(.savedCheck(listID: listID), milliseconds: Self.savedCheckMillis)]
    }

    /// The open grids of `list` show it as it is now, the same tile selected where it is still there.
    mutating func showSavedAgain(_ list: SavedList) {
        let entries = saved.entries(list)
        for i in lists.indices where lists[i].query == .saved(list) {
            let old = lists[i]
            savedSnapshots[old.id] = entries
            var fresh = PagedList(id: old.id, query: old.query)
            fresh.order = old.order
            fresh.topRow = old.topRow
            let kept = old.selectedItem.flatMap { item in
                entries.firstIndex { $0.id == item.id && $0.resource == (item.kind ?? $0.resource) }
            }
            fresh.selection = kept ?? min(old.selection, max(0, entries.count - 1))
            lists[i] = fresh
        }
        revealCurrentSelection()
    }

    /// A list could not be written (or read at start): said once in the status line.
    mutating func noteSavedProblem(_ problem: SavedStoreProblem, path: String) {
        let text = problem.text(strings, path: path)
        if !savedNotices.contains(text) { savedProblems.append(SavedNotice(list: problem.list, text: text)) }
    }

    /// At exit, after the terminal is back: each saved list this run changed that could not be
    /// written (a full or read-only disk) is said once more, as nothing will show it again and
    /// its changes are gone ("favourites.json: cannot be written (No space left on
    /// device); this run's changes to it are lost").
    public func unsavedChanges(since start: SavedLists, store: SavedStore) -> [String] {
        SavedList.allCases.compactMap { list in
            guard let problem = store.memoryOnlyReason(list), start.entries(list) != saved.entries(list) else { return nil }
            return strings.text(.savedLost, store.file(list).lastPathComponent, problem.why(strings))
        }
    }

    func entry(_ kind: MarvelResource, id: Int, name: String, thumbnail: ImageRef?) -> SavedEntry {
        SavedEntry(kind: kind, id: id, name: name, thumbnail: thumbnail, source: config.source.savedName, at: wallClock.now()).cleaned
    }
}

extension DataSourceKind {
    /// Where a saved entry came from, as stored (not translated).
    var savedName: String {
        switch self {
        case .officialAPI: "Marvel API"
        case .mirror(let url): url
        case .offlineCatalog: "offline catalog"
        case .live(_, let traits): traits.name.isEmpty ? SavedEntry.liveSource : "\(SavedEntry.liveSource) \(traits.name)"
        }
    }
}

/// The wall clock of the entries' times (tests pass a fixed one). Equal to every other clock:
/// it is not part of what the state shows.
public final class WallClock: Sendable, Equatable {
    public let now: @Sendable () -> Date
    public init(_ now: @escaping @Sendable () -> Date) { self.now = now }
    public static let system = WallClock { Date() }
    public static func == (a: WallClock, b: WallClock) -> Bool { true }
}

/// A saved list kept in memory only, and the sentence that says why.
public struct SavedNotice: Equatable, Sendable {
    public let list: SavedList
    public let text: String
}
