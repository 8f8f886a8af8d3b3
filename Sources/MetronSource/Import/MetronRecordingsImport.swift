import Catalog
import Foundation

/// `catalog import` of Metron recordings in the shape of `../shared/metron-recorded`: one JSON
/// body per file and an `INDEX.tsv` naming the request (`/api/character/1/`) behind each.
/// Records are translated as `serve --source metron` translates them (characters, issues ->
/// comics, series, arcs -> events, creators) and stored in the catalog, so `serve --catalog`
/// serves the snapshot offline. Issue lists link their comics to the list's owner. Teams,
/// publishers, imprints, universes, roles and series types have no Marvel counterpart and are
/// skipped, one line per kind. Pictures are not in the recordings: thumbnails are Marvel's
/// "image not available".
public enum MetronRecordingsImport {
    public struct Outcome: Sendable {
        /// One line per odd value, and one per kind of record skipped.
        public var notes: [String] = []
    }

    /// The `INDEX.tsv` of a folder of Metron recordings, or nil when `path` is not one.
    public static func index(atFolder path: String) -> [(file: String, request: String)]? {
        let indexPath = (path as NSString).appendingPathComponent("INDEX.tsv")
        guard let text = try? String(contentsOfFile: indexPath, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n")
        guard let header = lines.first, header.hasPrefix("file\trequest") else { return nil }
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 2 && fields[1].hasPrefix("/api/") ? (fields[0], fields[1]) : nil
        }
    }

    /// Imports every indexed file of `folder`: lists first, then details (a detail is richer
    /// than the list item of the same record, so it is written last).
    public static func run(folder: String, into store: CatalogStore, report: inout ImportReport) -> Outcome {
        var outcome = Outcome()
        guard let entries = index(atFolder: folder) else { return outcome }
        var skipped: [String: Int] = [:]
        let ordered = entries.filter { isList($0.request) } + entries.filter { !isList($0.request) }
        let translate = MetronToMarvel(imageBase: nil)
        let seriesIDs = seriesIDs(entries, folder: folder)
        for (file, request) in ordered {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else {
                report.failures.append("\(path): cannot read")
                continue
            }
            do {
                guard let objects = try objects(data, request: request, what: file, translate, seriesIDs: seriesIDs,
                                                &outcome.notes) else {
                    skipped[kind(request), default: 0] += 1
                    continue
                }
                store.importObjects(objects, from: path, into: &report)
            } catch {
                report.failures.append("\(path): \(error.description)")
            }
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            outcome.notes.append("\(kind): \(count) file\(count == 1 ? "" : "s") skipped (no Marvel counterpart)")
        }
        return outcome
    }

    /// A series by the name and start year issue list items give it (Metron's items name their
    /// series without its id).
    struct SeriesKey: Hashable {
        let name: String, began: Int?
        init(_ name: String, _ began: Int?) { self.name = name.lowercased(); self.began = began }
    }

    /// The ids of the series the recordings hold, by name and start year: an issue list item's
    /// series is linked by id (`/series/{id}`), never by a search URL clients cannot follow.
    /// A name and year two series share names neither.
    static func seriesIDs(_ entries: [(file: String, request: String)], folder: String) -> [SeriesKey: Int] {
        var ids: [SeriesKey: Int] = [:], shared: Set<SeriesKey> = []
        func add(_ key: SeriesKey, _ id: Int) {
            if let known = ids[key], known != id { shared.insert(key) } else { ids[key] = id }
        }
        for (file, request) in entries where kind(request) == "series" {
            guard let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(file)) else { continue }
            if isList(request) {
                for item in (try? MetronDecoding.page(MetronSeriesSummary.self, from: data, what: file))?.results ?? [] {
                    add(SeriesKey(item.name, item.yearBegan), item.id)
                }
            } else if let series = try? MetronDecoding.detail(MetronSeries.self, from: data, what: file).0 {
                add(SeriesKey(series.summary.name, series.yearBegan), series.summary.id)
            }
        }
        for key in shared { ids[key] = nil }
        return ids
    }

    static func kind(_ request: String) -> String { String(request.split(separator: "/").dropFirst().first ?? "") }

    static func isList(_ request: String) -> Bool {
        let parts = request.split(separator: "?")[0].split(separator: "/")
        return parts.count == 2 || parts.last == "issue_list"
    }

    /// The Marvel entities of one recording; nil for a kind with no Marvel counterpart.
    static func objects(_ data: Data, request: String, what: String, _ translate: MetronToMarvel,
                        seriesIDs: [SeriesKey: Int] = [:], _ notes: inout [String]) throws(MetronError) -> [[String: Any]]? {
        func comic(_ issue: MetronIssueSummary, seriesID: Int? = nil) -> [String: Any] {
            // Series lists name a series as issue items do ("Death of the Inhumans") or with its
            // year ("Death of the Inhumans (2018)").
            let titled = MetronToMarvel.seriesTitle(issue.series.name, issue.series.yearBegan, nil)
            return translate.comic(issue, seriesID: seriesID ?? seriesIDs[SeriesKey(issue.series.name, issue.series.yearBegan)]
                ?? seriesIDs[SeriesKey(titled, issue.series.yearBegan)])
        }
        let parts = request.split(separator: "?")[0].split(separator: "/").map(String.init)
        let kind = parts.count > 1 ? parts[1] : ""
        if parts.last == "issue_list", parts.count == 4, let ownerID = Int(parts[2]) {
            let page = try MetronDecoding.page(MetronIssueSummary.self, from: data, what: what)
            notes += page.notes
            let owner: (field: String, kind: String)? = switch kind {
            case "character": ("characters", "characters")
            case "series": ("series", "series")
            case "arc": ("events", "events")
            default: nil
            }
            return page.results.map { issue in
                var comic = comic(issue, seriesID: owner?.kind == "series" ? ownerID : nil)
                if let owner {
                    let name = owner.kind == "series" ? MetronToMarvel.seriesTitle(issue.series.name, issue.series.yearBegan, nil) : ""
                    MetronToMarvel.link(&comic, owner.field, to: (owner.kind, ownerID, name))
                }
                return comic
            }
        }
        func list<Item: MetronRecord>(_ type: Item.Type, _ map: (Item) -> [String: Any]) throws(MetronError) -> [[String: Any]] {
            let page = try MetronDecoding.page(type, from: data, what: what)
            notes += page.notes
            return page.results.map(map)
        }
        func detail<Item: MetronRecord>(_ type: Item.Type, _ map: (Item) -> [String: Any]) throws(MetronError) -> [[String: Any]] {
            let (item, itemNotes) = try MetronDecoding.detail(type, from: data, what: what)
            notes += itemNotes
            return [map(item)]
        }
        let isDetail = !isList(request)
        switch kind {
        case "character": return isDetail ? try detail(MetronCharacter.self, translate.character) : try list(MetronSummary.self, translate.character)
        case "issue": return isDetail ? try detail(MetronIssue.self, translate.comic) : try list(MetronIssueSummary.self, { comic($0) })
        case "series": return isDetail ? try detail(MetronSeries.self, translate.series) : try list(MetronSeriesSummary.self, translate.series)
        case "arc": return isDetail ? try detail(MetronArc.self, translate.event) : try list(MetronSummary.self, translate.event)
        case "creator": return isDetail ? try detail(MetronCreator.self, translate.creator) : try list(MetronSummary.self, translate.creator)
        default: return nil
        }
    }
}
