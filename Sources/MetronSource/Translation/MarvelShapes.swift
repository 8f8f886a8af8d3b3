import Foundation

/// Pieces of the Marvel REST shapes (MARVEL_API.md) that every translated entity uses.
enum MarvelShapes {
    static let gateway = "http://gateway.marvel.com/v1/public"
    /// Marvel's own "no picture" path: clients already know it means a placeholder.
    static let imageNotAvailablePath = "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available"
    static var imageNotAvailable: [String: Any] { ["path": imageNotAvailablePath, "extension": "jpg"] }

    static func uri(_ kind: String, _ id: Int) -> String { "\(gateway)/\(kind)/\(id)" }

    /// `{available, collectionURI, items, returned}`; items are `(id, name)` plus extra fields.
    static func list(_ kind: String, of owner: String, _ ownerID: Int, _ items: [(Int, String)],
                     extra: (Int) -> [String: Any] = { _ in [:] }) -> [String: Any] {
        let shown = items.prefix(20).enumerated().map { index, item -> [String: Any] in
            var entry: [String: Any] = ["resourceURI": uri(kind, item.0), "name": item.1]
            entry.merge(extra(index)) { $1 }
            return entry
        }
        return ["available": items.count, "collectionURI": "\(uri(owner, ownerID))/\(kind)", "items": shown,
                "returned": shown.count]
    }

    static func empty(_ kind: String, of owner: String, _ ownerID: Int) -> [String: Any] {
        list(kind, of: owner, ownerID, [])
    }

    /// The contract's documented empty date (MARVEL_API.md 4.5): what a date Metron does not
    /// know is written as, never a date Metron knows.
    static let emptyDate = "-0001-11-30T00:00:00-0500"

    /// Metron's `2025-02-18T15:13:12.604984-05:00` as Marvel writes dates: `2025-02-18T15:13:12-0500`;
    /// a day (`2018-09-01`, cover and store dates) is that day at midnight UTC. Anything else
    /// (absent, malformed) is the contract's empty date.
    static func date(_ metron: String?) -> String {
        guard var text = metron else { return emptyDate }
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

    /// A Metron image URL as a Marvel thumbnail `{path, extension}` whose path `imageBase`
    /// serves (our server, which fetches the original once); no URL: Marvel's placeholder.
    static func thumbnail(_ image: String?, imageBase: String?) -> [String: Any] {
        guard let image, let imageBase, let url = URL(string: image), let path = MetronImagePath.served(url) else {
            return imageNotAvailable
        }
        return ["path": imageBase + path, "extension": url.pathExtension.isEmpty ? "jpg" : url.pathExtension.lowercased()]
    }

    static func urls(_ resourceURL: String?) -> [[String: Any]] {
        resourceURL.map { [["type": "detail", "url": $0]] } ?? []
    }
}

/// The image paths our server answers for Metron originals:
/// `/metron-image/{scheme}/{host[:port]}/{path without extension}/{variant}.{ext}`, and
/// `/metron-character-image/{id}/{variant}.jpg` for a character known only from a list.
public enum MetronImagePath {
    public static let prefix = "/metron-image/"
    /// A character's picture by id (list items carry none): the server looks the detail up.
    public static let characterPrefix = "/metron-character-image/"

    /// The served path (without the variant) of an original's URL; nil for a URL we do not serve.
    public static func served(_ original: URL) -> String? {
        guard let scheme = original.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = original.host, !original.path.isEmpty else { return nil }
        let hostPort = original.port.map { "\(host):\($0)" } ?? host
        return prefix + scheme + "/" + hostPort + original.deletingPathExtension().path
    }

    /// The original's URL for a served image path (nil when not ours), e.g.
    /// `/metron-image/https/static.metron.cloud/media/character/x/portrait_xlarge.jpg` ->
    /// `https://static.metron.cloud/media/character/x.jpg`. `variantNames` are the Marvel
    /// variant names (the last component before the extension when it is one of them).
    public static func original(of path: String, variantNames: Set<String>) -> URL? {
        guard path.hasPrefix(prefix) else { return nil }
        var parts = path.dropFirst(prefix.count).split(separator: "/").map(String.init)
        guard parts.count >= 3, ["http", "https"].contains(parts[0]), let last = parts.last,
              let dot = last.lastIndex(of: ".") else { return nil }
        let ext = String(last[last.index(after: dot)...])
        let name = String(last[..<dot])
        parts.removeLast()
        if !variantNames.contains(name) { parts.append(name) }
        guard parts.count >= 3, !parts.contains(".."), !parts.contains(".") else { return nil }
        return URL(string: parts[0] + "://" + parts.dropFirst().joined(separator: "/") + "." + ext)
    }
}
