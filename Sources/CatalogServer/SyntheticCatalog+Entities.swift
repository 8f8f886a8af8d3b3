import Catalog
import CivilCalendar
import ContractServing
import Foundation
import MarvelAPI
import MarvelContract

/// Marvel-shaped JSON for synthetic entities (the same fields the real API sends).
extension SyntheticCatalog {
    static let gateway = ContractValues.gatewayAPI
    static let images = "http://i.annihil.us/u/prod/marvel/i/mg"

    /// `yyyy-MM-dd'T'HH:mm:ss-0500` (US Eastern standard time, like most real dates).
    static func date(_ seconds: Int64) -> String {
        let local = seconds - 5 * 3600
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let rest = local - days * 86_400
        let (year, month, day) = CivilDays.civilFromDays(Int(days))
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let secondsOfDay = Int(rest)
        return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))-0500"
    }

    static func list(_ uri: String, _ items: [[String: Any]], available: Int? = nil) -> [String: Any] {
        let shown = Array(items.prefix(20))
        return ["available": available ?? items.count, "collectionURI": uri, "items": shown, "returned": shown.count]
    }

    static func thumbnail(_ kind: String, _ id: Int) -> [String: Any] {
        if mix(id &* 31) % 10 == 0 { return ["path": "\(images)/b/40/image_not_available", "extension": "jpg"] }
        return ["path": "\(images)/s/yn/syn\(kind)\(id)", "extension": "jpg"]
    }

    func characterJSON(_ c: Character) -> String {
        let uri = "\(Self.gateway)/characters/\(c.id)"
        let comics = (comicsOfCharacterList(c.id)).map { ["resourceURI": "\(Self.gateway)/comics/\($0.id)", "name": $0.title] }
        let object: [String: Any] = [
            "id": c.id, "name": c.name, "description": Self.mix(c.id) % 3 == 0 ? "A synthetic hero for scale tests." : "",
            "modified": Self.date(c.modified), "thumbnail": Self.thumbnail("c", c.id), "resourceURI": uri,
            "comics": Self.list(uri + "/comics", comics), "series": Self.list(uri + "/series", []),
            "stories": Self.list(uri + "/stories", []), "events": Self.list(uri + "/events", []),
            "urls": [["type": "detail", "url": "http://marvel.com/characters/\(c.id)/synthetic?utm_campaign=apiRef"]],
        ]
        return Self.serialize(object)
    }

    /// Built as text (not JSONSerialization): 50,000 comics are paged in 500 requests, and this
    /// is the hot path of scale mode.
    func comicJSON(_ c: Comic) -> String {
        let uri = "\(Self.gateway)/comics/\(c.id)"
        let q = JSONText.quote
        let cast = c.cast.compactMap { id -> String? in
            guard let name = characterName(id) else { return nil }
            return "{\"name\":\(q(name)),\"resourceURI\":\"\(Self.gateway)/characters/\(id)\"}"
        }
        let collection = ComicFilter.collectionFormats.contains(c.format)
        let thumb = Self.thumbnail("k", c.id)
        let thumbJSON = "{\"extension\":\"jpg\",\"path\":\(q(thumb["path"] as? String ?? ""))}"
        func list(_ field: String, _ items: [String]) -> String {
            "{\"available\":\(items.count),\"collectionURI\":\"\(uri)/\(field)\",\"items\":[\(items.prefix(20).joined(separator: ","))],\"returned\":\(min(20, items.count))}"
        }
        return "{\"characters\":\(list("characters", cast)),\"collectedIssues\":[],\"collections\":[],"
            + "\"creators\":\(list("creators", [])),\"dates\":[{\"date\":\"\(Self.date(c.onsale))\",\"type\":\"onsaleDate\"},"
            + "{\"date\":\"-0001-11-30T00:00:00-0500\",\"type\":\"focDate\"}],\"description\":null,\"diamondCode\":\"\","
            + "\"digitalId\":0,\"ean\":\"\",\"events\":\(list("events", [])),\"format\":\(q(c.format)),\"id\":\(c.id),"
            + "\"images\":[],\"isbn\":\"\",\"issn\":\"\",\"issueNumber\":\(collection ? 0 : c.issue),"
            + "\"modified\":\"\(Self.date(c.modified))\",\"pageCount\":32,\"prices\":[{\"price\":3.99,\"type\":\"printPrice\"}],"
            + "\"resourceURI\":\"\(uri)\",\"series\":{\"name\":\"series \(c.series)\",\"resourceURI\":\"\(Self.gateway)/series/\(c.series)\"},"
            + "\"stories\":\(list("stories", [])),\"textObjects\":[],\"thumbnail\":\(thumbJSON),\"title\":\(q(c.title)),\"upc\":\"\","
            + "\"urls\":[{\"type\":\"detail\",\"url\":\"http://marvel.com/comics/issue/\(c.id)/synthetic?utm_campaign=apiRef\"}],"
            + "\"variantDescription\":\"\(c.variant ? "Variant" : "")\",\"variants\":[]}"
    }
}
