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
    /// When it was starred or opened.
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
        self.at = at
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

    public init(favourites: [SavedEntry] = [], history: [SavedEntry] = []) {
        self.favourites = favourites
        self.history = Array(history.prefix(Self.historyLimit))
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
        return SavedLists(favourites: mapped(favourites), history: mapped(history))
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
