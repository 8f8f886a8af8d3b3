import Foundation
import LiveSourceKit

/// Metron records as Marvel entities (the JSON objects of MARVEL_API.md), so one contract
/// serves both: characters -> characters, issues -> comics, series -> series, arcs -> events,
/// creators -> creators. Metron has no stories: those lists are empty. `imageBase` is where
/// thumbnails are served (our server); nil gives Marvel's "image not available".
public struct MetronToMarvel: Sendable {
    public typealias Object = [String: Any]
    public var imageBase: String?

    public init(imageBase: String?) { self.imageBase = imageBase }

    // MARK: Characters

    public func character(_ c: MetronCharacter) -> Object {
        var object = character(c.summary)
        object["description"] = c.desc
        return pictured(object, c.pictureAndPage)
    }

    /// A full record over its list form: its own picture and its page on Metron.
    private func pictured(_ shell: Object, _ own: MetronPictureAndPage) -> Object {
        var object = shell
        object["thumbnail"] = MarvelShapes.thumbnail(own.image, imageBase: imageBase, paths: MetronImagePath.paths)
        object["urls"] = MarvelShapes.urls(own.resourceURL)
        return object
    }

    /// A list item: Metron sends only id and name, so the thumbnail is our server's per-character
    /// picture path, which fetches that character's detail and image only when a tile asks.
    public func character(_ s: MetronSummary) -> Object {
        var object = MarvelShapes.character(id: s.id, name: s.name, modified: s.modified)
        object["thumbnail"] = imageBase.map { ["path": $0 + MetronImagePath.characterPrefix + String(s.id), "extension": "jpg"] }
            ?? MarvelShapes.imageNotAvailable
        return object
    }

    // MARK: Comics

    public func comic(_ i: MetronIssue) -> Object {
        var object = comicShell(id: i.id, title: i.marvelTitle, number: i.number, image: i.image, modified: i.modified,
                                series: i.series, seriesID: i.series.id)
        object["description"] = i.desc.isEmpty ? NSNull() : i.desc
        object["format"] = Self.format(seriesType: i.series.type, number: i.number)
        object["pageCount"] = i.pageCount ?? 0
        object["upc"] = i.upc ?? ""
        object["isbn"] = i.isbn ?? ""
        object["urls"] = MarvelShapes.urls(i.resourceURL)
        object["dates"] = Self.dates(store: i.storeDate, cover: i.coverDate, foc: i.focDate)
        object["prices"] = [["type": "printPrice", "price": i.price ?? 0]]
        object["textObjects"] = i.desc.isEmpty ? [Object]() : [["type": "issue_solicit_text", "language": "en-us", "text": i.desc]]
        object["characters"] = MarvelShapes.list("characters", of: "comics", i.id, i.characters.map { ($0.id, $0.name) })
        object["events"] = MarvelShapes.list("events", of: "comics", i.id, i.arcs.map { ($0.id, $0.name) })
        object["creators"] = MarvelShapes.list("creators", of: "comics", i.id, i.credits.map { ($0.creator.id, $0.creator.name) }) { index in
            ["role": i.credits[index].roles.first?.lowercased() ?? ""]
        }
        return object
    }

    /// An issue list item (these carry the cover, so a comics grid needs no further request).
    /// Its series is named but has no id in Metron's list: the series' `resourceURI` is then
    /// empty (an id is never invented, and a search URL is not a series link).
    public func comic(_ s: MetronIssueSummary) -> Object { comic(s, seriesID: nil) }

    /// An issue list item whose series id is known otherwise (the list asked by series, or
    /// Metron's series list looked up by name and start year).
    public func comic(_ s: MetronIssueSummary, seriesID: Int?) -> Object {
        var object = comicShell(id: s.id, title: s.displayName, number: s.number, image: s.image, modified: s.modified,
                                series: s.series, seriesID: seriesID)
        object["dates"] = Self.dates(store: s.storeDate, cover: s.coverDate, foc: nil)
        return object
    }

    /// A comic's fields and its series: by id when it is known, else (issue list items name
    /// their series without its id) by name with an empty link.
    private func comicShell(id: Int, title: String, number: String, image: String?, modified: String?,
                            series: MetronIssueSeries, seriesID: Int?) -> Object {
        var object = comicFields(id: id, title: title, number: number, image: image, modified: modified)
        let seriesTitle = Self.seriesTitle(series.name, series.yearBegan, nil)
        if let seriesID {
            object["series"] = ["resourceURI": MarvelShapes.uri("series", seriesID), "name": seriesTitle]
        } else if !series.name.isEmpty {
            // No id: the contract's empty link, never a search URL (clients take the id from
            // the link's last component and reject the whole page when it is not a number).
            object["series"] = ["resourceURI": "", "name": seriesTitle]
        }
        return object
    }

    /// What an issue list item does not say is the contract's value for "unknown" (a price
    /// of 0, MARVEL_API.md 4.2) or empty, as in a detail that does not say it either.
    private func comicFields(id: Int, title: String, number: String, image: String?, modified: String?) -> Object {
        MarvelShapes.comic(id: id, title: title, number: number,
                           thumbnail: image.map { MarvelShapes.thumbnail($0, imageBase: imageBase, paths: MetronImagePath.paths) },
                           modified: modified)
    }

    /// Marvel's comic format from Metron's series type (issues of a regular series are comics).
    public static func format(seriesType: String?, number: String = "") -> String {
        switch seriesType?.lowercased() ?? "" {
        case "trade paperback": return "Trade Paperback"
        case "hard cover", "hardcover", "omnibus": return "Hardcover"
        case "graphic novel": return "Graphic Novel"
        case "digital chapters", "digital": return "Digital Comic"
        case "magazine": return "Magazine"
        default: return "Comic"
        }
    }

    /// `onsaleDate` is the store date (the day it went on sale), else the cover date Metron
    /// always knows; `focDate` is the final order cutoff when Metron has it, else the contract's
    /// empty date.
    static func dates(store: String?, cover: String?, foc: String?) -> [Object] {
        [["type": "onsaleDate", "date": MarvelShapes.date(store ?? cover)],
         ["type": "focDate", "date": MarvelShapes.date(foc)]]
    }

    public static func seriesTitle(_ name: String, _ began: Int?, _ ended: Int?) -> String {
        guard let began else { return name }
        if let ended, ended != began { return "\(name) (\(began) - \(ended))" }
        return "\(name) (\(began))"
    }

    /// Adds `owner` to a translated entity's `field` list (a comic read from a character's issue
    /// list belongs to that character), or sets a comic's series.
    public static func link(_ object: inout Object, _ field: String, to owner: (kind: String, id: Int, name: String)) {
        let uri = MarvelShapes.uri(owner.kind, owner.id)
        if field == "series" {
            object["series"] = ["resourceURI": uri, "name": owner.name]
            return
        }
        var list = object[field] as? Object ?? [:]
        var items = list["items"] as? [Object] ?? []
        guard !items.contains(where: { $0["resourceURI"] as? String == uri }) else { return }
        items.append(["resourceURI": uri, "name": owner.name])
        list["items"] = items
        list["returned"] = items.count
        list["available"] = max(items.count, list["available"] as? Int ?? 0)
        object[field] = list
    }

    // MARK: Series, events, creators

    public func series(_ s: MetronSeries) -> Object {
        var object = seriesShell(id: s.summary.id, title: Self.seriesTitle(s.summary.name, s.yearBegan, s.yearEnd),
                                 began: s.yearBegan, ended: s.yearEnd, modified: s.summary.modified)
        object["description"] = s.desc.isEmpty ? NSNull() : s.desc
        object["type"] = Self.seriesType(s.seriesType)
        return pictured(object, s.pictureAndPage)
    }

    public func series(_ s: MetronSeriesSummary) -> Object {
        seriesShell(id: s.id, title: s.name, began: s.yearBegan, ended: nil, modified: s.modified)
    }

    private func seriesShell(id: Int, title: String, began: Int?, ended: Int?, modified: String?) -> Object {
        MarvelShapes.series(id: id, title: title, began: began, ended: ended, modified: modified)
    }

    /// Marvel's series `type` words.
    static func seriesType(_ metron: String?) -> String {
        switch metron?.lowercased() ?? "" {
        case "ongoing series": return "ongoing"
        case "limited series", "maxi-series", "mini-series": return "limited"
        case "one-shot": return "one shot"
        case "trade paperback", "hard cover", "hardcover", "omnibus", "graphic novel": return "collection"
        default: return ""
        }
    }

    public func event(_ a: MetronArc) -> Object {
        var object = event(a.summary)
        object["description"] = a.desc
        return pictured(object, a.pictureAndPage)
    }

    public func event(_ s: MetronSummary) -> Object { MarvelShapes.event(id: s.id, title: s.name, modified: s.modified) }

    public func creator(_ c: MetronCreator) -> Object { pictured(creator(c.summary), c.pictureAndPage) }

    public func creator(_ s: MetronSummary) -> Object { MarvelShapes.creator(id: s.id, fullName: s.name, modified: s.modified) }
}
