import Foundation
import MarvelAPI
import TerminalUI

/// A character, comic (or other record) the user starred or opened: enough to draw its tile
/// and open its page again without listing everything (kind, id, name, picture, resource URI,
/// where it came from, when).
public struct SavedEntry: Equatable, Hashable, Sendable, Codable {
    /// The contract's type (`characters`, `comics`, …).
    public var kind: String
    public var id: Int
    public var name: String
    /// The picture's `path` and `extension` as the contract gives them (links of the in-process
    /// server already made the record's own, so they outlive the process).
    public var thumbnailPath: String?
    public var thumbnailExtension: String?
    public var resourceURI: String
    /// Which source it came from (`offline catalog`, `Marvel API`, a mirror's base URL, `live source metron`).
    public var source: String
    /// When it was starred or opened, in whole seconds as the file keeps it (ISO 8601): the
    /// merge tells an entry this run changed by its time, so memory and file must agree.
    public var at: Date

    /// `source` of an entry from a live source, followed by its name (`live source comicvine`).
    public static let liveSource = "live source"

    /// The ids its id is one of: a live source's own (two live sources number their records
    /// apart), else Marvel's (the catalog, the API and mirrors share Marvel's ids).
    public var idSpace: String { Self.idSpace(of: source) }
    public static func idSpace(of source: String) -> String { source.hasPrefix(liveSource) ? source : "Marvel" }

    public init(kind: MarvelResource, id: Int, name: String, thumbnail: ImageRef?, source: String, at: Date) {
        self.kind = kind.rawValue
        self.id = id
        self.name = name
        self.thumbnailPath = thumbnail?.path
        self.thumbnailExtension = thumbnail?.extension
        self.resourceURI = CopyRequest.resourceURL(kind, id: id)
        self.source = source
        self.at = Date(timeIntervalSince1970: at.timeIntervalSince1970.rounded(.down))
    }

    public var resource: MarvelResource { MarvelResource(rawValue: kind) ?? .characters }

    /// The entry with its name and source as a terminal may show them (`Sanitizer.clean`).
    var cleaned: SavedEntry {
        var entry = self
        entry.name = Sanitizer.clean(name)
        entry.source = Sanitizer.clean(source)
        return entry
    }

    public var thumbnail: ImageRef? {
        guard let path = thumbnailPath, let ext = thumbnailExtension else { return nil }
        return ImageRef(path: path, extension: ext)
    }

    /// The same record (kind and id of the same ids), whatever its name or time.
    public func isSame(kind: MarvelResource, id: Int, idSpace: String) -> Bool {
        self.kind == kind.rawValue && self.id == id && self.idSpace == idSpace
    }

    /// The tile of a saved grid: it carries its own kind (the grid mixes characters and comics).
    var galleryItem: GalleryItem {
        var item = GalleryItem(id: id, name: name, thumbnail: thumbnail)
        item.kind = resource
        return item
    }
}

/// The two saved lists, kept by the app core in memory; the runner writes them (`Effect.save`).
public struct SavedLists: Equatable, Sendable {
    /// Newest first.
    public internal(set) var favourites: [SavedEntry]
    /// Newest first, at most `historyLimit`, one entry per record.
    public internal(set) var history: [SavedEntry]

    public static let historyLimit = 100
    /// Bumped on every change: the order of the writes (`SavedStore.save(revision:)`).
    public internal(set) var revision = 0
    /// Each list as its file last held it when read (at start, or again by an open saved
    /// grid): what this run's changes are changes from, for the merge of every save.
    public internal(set) var bases: [SavedList: [SavedEntry]]

    public init(favourites: [SavedEntry] = [], history: [SavedEntry] = []) {
        self.favourites = favourites
        self.history = Array(history.prefix(Self.historyLimit))
        self.bases = [.favourites: favourites, .recent: self.history]
    }

    public func base(_ list: SavedList) -> [SavedEntry] { bases[list] ?? [] }

    /// The file of `list` read again (another run wrote it): its entries, with this run's
    /// changes since the last reading kept on top (`SavedStore.merge`). Returns true when
    /// what the list holds changed.
    @discardableResult
    mutating func absorb(_ list: SavedList, file: [SavedEntry]) -> Bool {
        let before = entries(list)
        let merged = SavedStore.merge(before, since: base(list), into: file, limit: list == .recent ? Self.historyLimit : nil)
        bases[list] = file
        if list == .favourites { favourites = merged } else { history = merged }
        return merged != before
    }

    /// `source`: where the record comes from (`DataSourceKind.savedName`).
    public func isFavourite(_ kind: MarvelResource, id: Int, source: String) -> Bool {
        let space = SavedEntry.idSpace(of: source)
        return favourites.contains { $0.isSame(kind: kind, id: id, idSpace: space) }
    }

    /// Stars `entry`, or takes its star off when it has one. Returns true when it is now starred.
    @discardableResult
    mutating func toggleFavourite(_ entry: SavedEntry) -> Bool {
        revision += 1
        if let i = favourites.firstIndex(where: { $0.isSame(kind: entry.resource, id: entry.id, idSpace: entry.idSpace) }) {
            favourites.remove(at: i)
            return false
        }
        favourites.insert(entry, at: 0)
        return true
    }

    /// A page opened: first in the history (an older visit of the same record goes), capped.
    mutating func recordVisit(_ entry: SavedEntry) {
        revision += 1
        history.removeAll { $0.isSame(kind: entry.resource, id: entry.id, idSpace: entry.idSpace) }
        history.insert(entry, at: 0)
        if history.count > Self.historyLimit { history.removeLast(history.count - Self.historyLimit) }
    }

    /// The lists with every picture path passed through `map` (the executable points the
    /// built-in catalog's pictures at its running loopback server).
    public func mappingThumbnails(_ map: (String) -> String) -> SavedLists {
        func mapped(_ entries: [SavedEntry]) -> [SavedEntry] {
            entries.map { var e = $0; e.thumbnailPath = e.thumbnailPath.map(map); return e }
        }
        var lists = SavedLists(favourites: mapped(favourites), history: mapped(history))
        lists.bases = bases.mapValues(mapped)
        return lists
    }

    public func entries(_ list: SavedList) -> [SavedEntry] {
        list == .favourites ? favourites : history
    }
}

/// Which saved list a grid, a file or a command is about.
public enum SavedList: String, Equatable, Hashable, Sendable, CaseIterable {
    case favourites
    /// The history of opened pages (`marvel-gallery recent`).
    case recent
}
