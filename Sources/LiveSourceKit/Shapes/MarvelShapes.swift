import Foundation
import MarvelContract

/// Pieces of the Marvel REST shapes (MARVEL_API.md) that every translated entity uses.
public enum MarvelShapes {
    public static let gateway = ContractValues.gatewayAPI
    /// Marvel's own "no picture" path: clients already know it means a placeholder.
    public static let imageNotAvailablePath = ContractValues.imageNotAvailablePath
    public static var imageNotAvailable: [String: Any] { ["path": imageNotAvailablePath, "extension": "jpg"] }

    public static func uri(_ kind: String, _ id: Int) -> String { "\(gateway)/\(kind)/\(id)" }

    /// `{available, collectionURI, items, returned}`; items are `(id, name)` plus extra fields.
    public static func list(_ kind: String, of owner: String, _ ownerID: Int, _ items: [(Int, String)],
                     extra: (Int) -> [String: Any] = { _ in [:] }) -> [String: Any] {
        let shown = items.prefix(20).enumerated().map { index, item -> [String: Any] in
            var entry: [String: Any] = ["resourceURI": uri(kind, item.0), "name": item.1]
            entry.merge(extra(index)) { $1 }
            return entry
        }
        return ["available": items.count, "collectionURI": "\(uri(owner, ownerID))/\(kind)", "items": shown,
                "returned": shown.count]
    }

    public static func empty(_ kind: String, of owner: String, _ ownerID: Int) -> [String: Any] {
        list(kind, of: owner, ownerID, [])
    }

    /// The contract's documented empty date (MARVEL_API.md 4.5): what a date a source does not
    /// know is written as, never a date it knows.
    public static let emptyDate = ContractValues.emptyDate

    /// A source's `2025-02-18T15:13:12.604984-05:00` as Marvel writes dates: `2025-02-18T15:13:12-0500`;
    /// a day (`2018-09-01`, cover and store dates) is that day at midnight UTC. Anything else
    /// (absent, malformed) is the contract's empty date.
    public static func date(_ source: String?) -> String {
        guard var text = source else { return emptyDate }
        let digits = { (s: Substring) in s.allSatisfy(\.isNumber) }
        let day = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard day.count == 3, day[0].count == 4, day[1].count == 2, day[2].count == 2, day.allSatisfy(digits) else {
            return emptyDate
        }
        if text.count == 10 { return text + "T00:00:00-0000" }
        guard text.count >= 19 else { return emptyDate }
        let head = String(text.prefix(19))
        text.removeFirst(19)
        if text.hasPrefix(".") { text = String(text.drop { $0 == "." || $0.isNumber }) }
        if text == "Z" || text.isEmpty { return head + "-0000" }
        return head + text.replacingOccurrences(of: ":", with: "")
    }

    /// A source's image URL as a Marvel thumbnail `{path, extension}` whose path `imageBase`
    /// serves (our server, which fetches the original once, `paths`); no URL: Marvel's placeholder.
    public static func thumbnail(_ image: String?, imageBase: String?, paths: ServedImagePath) -> [String: Any] {
        guard let image, let imageBase, let url = URL(string: image), let path = paths.served(url) else {
            return imageNotAvailable
        }
        return ["path": imageBase + path, "extension": url.pathExtension.isEmpty ? "jpg" : url.pathExtension.lowercased()]
    }

    public static func urls(_ resourceURL: String?) -> [[String: Any]] {
        resourceURL.map { [["type": "detail", "url": $0]] } ?? []
    }
}

