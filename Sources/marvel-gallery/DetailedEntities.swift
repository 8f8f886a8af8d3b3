import Foundation
import MarvelAPI

/// What each type shown by id says in plain text (`--plain`, or piped): its fields in order,
/// then its related lists and its links (`PlainOutput.detail`); and an id the built-in catalog
/// has, for its command's help. Outside text goes through `PlainOutput.v`.

extension MarvelCharacter: DetailedEntity {
    static let exampleID = 1_009_652
    var plainDetail: String {
        PlainOutput.detail(["id": "\(id)", "name": PlainOutput.v(name), "description": description.map(PlainOutput.v) ?? "-",
                            "modified": PlainOutput.day(modified), "thumbnail": PlainOutput.thumbnail(thumbnail)],
                           [("comics", comics), ("series", series), ("stories", stories), ("events", events)], urls)
    }
}

extension MarvelComic: DetailedEntity {
    static let exampleID = 60_095
    var plainDetail: String {
        let issue = issueNumber == issueNumber.rounded() ? String(Int(issueNumber)) : String(issueNumber)
        return PlainOutput.detail(["id": "\(id)", "title": PlainOutput.v(title), "format": format.isEmpty ? "-" : PlainOutput.v(format),
                                   "issue": issue, "pages": "\(pageCount)", "on sale": PlainOutput.day(onSaleDate),
                                   "price": price.map { String(format: "$%.2f", $0) } ?? "-",
                                   "series": series.map { PlainOutput.v($0.name) } ?? "-",
                                   "description": description.map(PlainOutput.v) ?? "-", "thumbnail": PlainOutput.thumbnail(thumbnail)],
                                  [("creators", creators), ("characters", characters), ("stories", stories), ("events", events)], urls)
    }
}

extension MarvelCreator: DetailedEntity {
    static let exampleID = 2_963
    var plainDetail: String {
        PlainOutput.detail(["id": "\(id)", "name": PlainOutput.v(fullName), "modified": PlainOutput.day(modified),
                            "thumbnail": PlainOutput.thumbnail(thumbnail)],
                           [("comics", comics), ("series", series), ("stories", stories), ("events", events)], urls)
    }
}

extension MarvelEvent: DetailedEntity {
    static let exampleID = 349
    var plainDetail: String {
        PlainOutput.detail(["id": "\(id)", "title": PlainOutput.v(title), "start": PlainOutput.day(start), "end": PlainOutput.day(end),
                            "description": description.map(PlainOutput.v) ?? "-", "modified": PlainOutput.day(modified),
                            "thumbnail": PlainOutput.thumbnail(thumbnail)],
                           [("comics", comics), ("series", series), ("characters", characters), ("creators", creators),
                            ("stories", stories)], urls)
    }
}

extension MarvelSeries: DetailedEntity {
    static let exampleID = 28_056
    var plainDetail: String {
        // 2099 is the contract's "still running" end year, as the listing's line has it.
        let years = "\(startYear.map(String.init) ?? "-")-\(endYear.map { $0 == 2099 ? "" : String($0) } ?? "")"
        return PlainOutput.detail(["id": "\(id)", "title": PlainOutput.v(title), "years": years,
                                   "type": type.isEmpty ? "-" : PlainOutput.v(type), "rating": rating.isEmpty ? "-" : PlainOutput.v(rating),
                                   "description": description.map(PlainOutput.v) ?? "-",
                                   "previous": previous.map { PlainOutput.v($0.name) } ?? "-",
                                   "next": next.map { PlainOutput.v($0.name) } ?? "-",
                                   "modified": PlainOutput.day(modified), "thumbnail": PlainOutput.thumbnail(thumbnail)],
                                  [("comics", comics), ("characters", characters), ("creators", creators), ("stories", stories),
                                   ("events", events)], urls)
    }
}

extension MarvelStory: DetailedEntity {
    static let exampleID = 44_256
    var plainDetail: String {
        PlainOutput.detail(["id": "\(id)", "title": PlainOutput.v(title), "type": type.isEmpty ? "-" : PlainOutput.v(type),
                            "original issue": originalIssue.map { PlainOutput.v($0.name) } ?? "-",
                            "description": description.map(PlainOutput.v) ?? "-", "modified": PlainOutput.day(modified),
                            "thumbnail": PlainOutput.thumbnail(thumbnail)],
                           [("comics", comics), ("series", series), ("characters", characters), ("creators", creators),
                            ("events", events)], [])
    }
}
