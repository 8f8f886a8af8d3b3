import Foundation
import GRDB

/// Series, story and event entities built from the summaries we store, in the shape of the
/// real API's full objects (fields we do not know are null, empty or zero as the API does).
enum SummaryEntity {
    static let gateway = "http://gateway.marvel.com/v1/public"

    static func emptyList(_ uri: String, _ field: String) -> [String: Any] {
        ["available": 0, "collectionURI": "\(uri)/\(field)", "items": [Any](), "returned": 0]
    }

    static func json(_ kind: SummaryKind, _ row: Row) throws -> String {
        let id: Int = row["id"]
        let title: String = row["title"]
        var object: [String: Any] = ["id": id, "title": title, "modified": "-0001-11-30T00:00:00-0500",
                                     "thumbnail": NSNull()]
        let uri: String
        switch kind {
        case .series:
            uri = "\(gateway)/series/\(id)"
            object["description"] = NSNull()
            object["urls"] = [Any]()
            object["startYear"] = (row["start_year"] as Int?) ?? 0
            object["endYear"] = (row["end_year"] as Int?) ?? 2099
            object["rating"] = ""
            object["type"] = ""
            object["next"] = NSNull()
            object["previous"] = NSNull()
            for field in ["creators", "characters", "stories", "comics", "events"] { object[field] = emptyList(uri, field) }
        case .stories:
            uri = "\(gateway)/stories/\(id)"
            object["description"] = ""
            object["type"] = (row["type"] as String?) ?? ""
            object["originalIssue"] = NSNull()
            for field in ["creators", "characters", "series", "comics", "events"] { object[field] = emptyList(uri, field) }
        case .events:
            uri = "\(gateway)/events/\(id)"
            object["description"] = ""
            object["urls"] = [Any]()
            object["start"] = NSNull()
            object["end"] = NSNull()
            object["next"] = NSNull()
            object["previous"] = NSNull()
            for field in ["creators", "characters", "stories", "comics", "series"] { object[field] = emptyList(uri, field) }
        }
        object["resourceURI"] = uri
        return try MarvelJSON.serialize(object)
    }
}
