import Foundation

/// The contract's six entity shapes with what a source does not know left at the contract's
/// empty values (MARVEL_API.md 4): each source fills in what it knows over these.
extension MarvelShapes {
    public typealias Object = [String: Any]

    public static func character(id: Int, name: String, modified: String?) -> Object {
        listing(["id": id, "name": name, "description": "", "modified": date(modified),
                 "resourceURI": uri("characters", id), "urls": [Object](), "thumbnail": imageNotAvailable],
                empty: ["comics", "series", "stories", "events"], of: "characters", id)
    }

    /// A comic; what is not said is the contract's value for "unknown" (a price of 0,
    /// MARVEL_API.md 4.2) or empty. `thumbnail` nil: the placeholder, and no `images`.
    public static func comic(id: Int, title: String, number: String, thumbnail: Object?, modified: String?) -> Object {
        listing(["id": id, "digitalId": 0, "title": title, "issueNumber": Double(number) ?? 0, "variantDescription": "",
                 "description": NSNull(), "modified": date(modified), "isbn": "", "upc": "", "diamondCode": "",
                 "ean": "", "issn": "", "format": "Comic", "pageCount": 0, "textObjects": [Object](),
                 "resourceURI": uri("comics", id), "urls": [Object](),
                 "variants": [Object](), "collections": [Object](), "collectedIssues": [Object](), "dates": [Object](),
                 "prices": [["type": "printPrice", "price": 0]], "thumbnail": thumbnail ?? imageNotAvailable,
                 "images": thumbnail.map { [$0] } ?? [Object]()],
                empty: ["creators", "characters", "stories", "events"], of: "comics", id)
    }

    public static func series(id: Int, title: String, began: Int?, ended: Int?, modified: String?) -> Object {
        listing(["id": id, "title": title, "description": NSNull(), "resourceURI": uri("series", id),
                 "urls": [Object](), "startYear": began ?? 0, "endYear": ended ?? 2099, "rating": "", "type": "",
                 "modified": date(modified), "thumbnail": imageNotAvailable, "next": NSNull(), "previous": NSNull()],
                empty: ["creators", "characters", "stories", "comics", "events"], of: "series", id)
    }

    public static func event(id: Int, title: String, modified: String?) -> Object {
        listing(["id": id, "title": title, "description": "", "resourceURI": uri("events", id), "urls": [Object](),
                 "modified": date(modified), "start": NSNull(), "end": NSNull(), "thumbnail": imageNotAvailable,
                 "next": NSNull(), "previous": NSNull()],
                empty: ["creators", "characters", "stories", "comics", "series"], of: "events", id)
    }

    /// A creator; the last word of the full name is the last name.
    public static func creator(id: Int, fullName: String, modified: String?) -> Object {
        let words = fullName.split(separator: " ").map(String.init)
        return listing(["id": id, "firstName": words.count > 1 ? words.dropLast().joined(separator: " ") : fullName,
                        "middleName": "", "lastName": words.count > 1 ? words.last! : "", "suffix": "", "fullName": fullName,
                        "modified": date(modified), "thumbnail": imageNotAvailable,
                        "resourceURI": uri("creators", id), "urls": [Object]()],
                       empty: ["comics", "series", "stories", "events"], of: "creators", id)
    }

    /// `fields` with an empty list of each of `kinds` (those of `owner` `id`): what a source
    /// cannot list stays the contract's empty list.
    static func listing(_ fields: Object, empty kinds: [String], of owner: String, _ id: Int) -> Object {
        var object = fields
        for kind in kinds { object[kind] = empty(kind, of: owner, id) }
        return object
    }

    /// `Series Name (1938) #101` (the title of a comic of a series known by name and start year).
    public static func comicTitle(series: String, startYear: Int?, number: String) -> String {
        let year = startYear.map { " (\($0))" } ?? ""
        return number.isEmpty ? "\(series)\(year)" : "\(series)\(year) #\(number)"
    }
}
