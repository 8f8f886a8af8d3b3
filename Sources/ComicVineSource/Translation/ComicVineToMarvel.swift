import Foundation
import LiveSourceKit

/// Comic Vine records as Marvel entities: characters -> characters, issues -> comics (titled
/// "Volume (start year) #N"), volumes -> series, story arcs -> events, people -> creators.
/// Comic Vine has no stories. Descriptions are HTML there and text here; `imageBase` is where
/// thumbnails are served (our server, which resizes Comic Vine's picture once).
public struct ComicVineToMarvel: Sendable {
    public typealias Object = [String: Any]
    public var imageBase: String?

    public init(imageBase: String?) { self.imageBase = imageBase }

    /// The served paths of Comic Vine pictures (`/comicvine-image/https/comicvine.gamespot.com/...`).
    public static let paths = ServedImagePath(prefix: "/comicvine-image/")

    /// The picture a tile needs: `medium_url` (a few hundred pixels, enough for any tile and
    /// quick to fetch), else the original; Comic Vine's "blank" picture is no picture.
    static func pictureURL(_ record: Object) -> String? {
        guard let image = record.cvObject("image") else { return nil }
        let url = image.cvText("medium_url") ?? image.cvText("original_url")
        guard let url, !url.isEmpty, !url.lowercased().hasSuffix("blank.png") else { return nil }
        return url
    }

    func thumbnail(_ record: Object) -> Object? {
        Self.pictureURL(record).map { MarvelShapes.thumbnail($0, imageBase: imageBase, paths: Self.paths) }
    }

    /// Names and titles are text too (an escape sequence in a name is dropped).
    static func name(_ record: Object) -> String { HTMLText.clean(record.cvText("name") ?? "") }

    /// A detail's description is its HTML as text; a list item's is its `deck` (the summary).
    static func description(_ record: Object) -> String {
        let full = HTMLText.text(record.cvText("description"))
        return full.isEmpty ? HTMLText.text(record.cvText("deck")) : full
    }

    /// Comic Vine's `2024-01-05 10:11:12` (its own zone, US Pacific) as Marvel writes dates.
    static func modified(_ record: Object) -> String? {
        record.cvText("date_last_updated").map { $0.replacingOccurrences(of: " ", with: "T") + "-0800" }
    }

    private func pictured(_ shell: Object, _ record: Object) -> Object {
        var object = shell
        if let thumbnail = thumbnail(record) { object["thumbnail"] = thumbnail }
        object["urls"] = MarvelShapes.urls(record.cvText("site_detail_url"))
        return object
    }

    /// A shell with its record's picture and links, its description when given (else the
    /// shell's own), and the count of comics Comic Vine states for it.
    private func filled(_ shell: Object, _ record: Object, _ owner: String, _ id: Int, comics count: Int?,
                        description: Any? = nil) -> Object {
        var object = pictured(shell, record)
        if let description { object["description"] = description }
        object["comics"] = Self.counted("comics", of: owner, id, count)
        return object
    }

    /// A description where Marvel writes null for none (comics, series).
    static func nullableDescription(_ record: Object) -> Any {
        let text = description(record)
        return text.isEmpty ? NSNull() : text
    }

    /// `{available, collectionURI, items: [], returned: 0}`: a count Comic Vine states.
    static func counted(_ kind: String, of owner: String, _ id: Int, _ count: Int?) -> Object {
        var list = MarvelShapes.empty(kind, of: owner, id)
        if let count { list["available"] = count }
        return list
    }

    public func character(_ c: Object) -> Object {
        let id = c.cvInt("id") ?? 0
        return filled(MarvelShapes.character(id: id, name: Self.name(c), modified: Self.modified(c)), c, "characters", id,
                      comics: c.cvInt("count_of_issue_appearances"), description: Self.description(c))
    }

    /// `volumeYears`: the start year of each volume the issues name (issue records name their
    /// volume without it).
    public func comic(_ i: Object, volumeYears: [Int: Int]) -> Object {
        let id = i.cvInt("id") ?? 0
        let volume = i.cvObject("volume") ?? [:]
        let volumeID = volume.cvInt("id")
        let volumeName = Self.name(volume)
        let number = i.cvText("issue_number") ?? ""
        let year = volumeID.flatMap { volumeYears[$0] }
        var object = MarvelShapes.comic(id: id, title: MarvelShapes.comicTitle(series: volumeName, startYear: year, number: number),
                                        number: number, thumbnail: thumbnail(i), modified: Self.modified(i))
        object["description"] = Self.nullableDescription(i)
        object["urls"] = MarvelShapes.urls(i.cvText("site_detail_url"))
        object["dates"] = [["type": "onsaleDate", "date": MarvelShapes.date(i.cvText("store_date") ?? i.cvText("cover_date"))],
                           ["type": "focDate", "date": MarvelShapes.emptyDate]]
        if let volumeID {
            let title = year.map { "\(volumeName) (\($0))" } ?? volumeName
            object["series"] = ["resourceURI": MarvelShapes.uri("series", volumeID), "name": title]
        }
        return object
    }

    public func series(_ v: Object) -> Object {
        let id = v.cvInt("id") ?? 0
        let began = v.cvInt("start_year")
        let title = began.map { "\(Self.name(v)) (\($0))" } ?? Self.name(v)
        return filled(MarvelShapes.series(id: id, title: title, began: began, ended: nil, modified: Self.modified(v)), v, "series", id,
                      comics: v.cvInt("count_of_issues"), description: Self.nullableDescription(v))
    }

    public func event(_ a: Object) -> Object {
        let id = a.cvInt("id") ?? 0
        // Comic Vine spells the field with three s's on story arcs and people.
        return filled(MarvelShapes.event(id: id, title: Self.name(a), modified: Self.modified(a)), a, "events", id,
                      comics: a.cvInt("count_of_isssue_appearances"), description: Self.description(a))
    }

    public func creator(_ p: Object) -> Object {
        let id = p.cvInt("id") ?? 0
        return filled(MarvelShapes.creator(id: id, fullName: Self.name(p), modified: Self.modified(p)), p, "creators", id,
                      comics: p.cvInt("count_of_isssue_appearances"))
    }

    /// An entity named in a credit list (id and name only): the kind's shell.
    public func credited(_ kind: String, _ entry: Object) -> Object {
        let id = entry.cvInt("id") ?? 0, name = Self.name(entry)
        switch kind {
        case "creators": return MarvelShapes.creator(id: id, fullName: name, modified: nil)
        case "events": return MarvelShapes.event(id: id, title: name, modified: nil)
        default: return MarvelShapes.character(id: id, name: name, modified: nil)
        }
    }
}
