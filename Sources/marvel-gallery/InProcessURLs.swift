import Foundation
import MarvelAPI
import MetronSource

/// Plain and JSON output print URLs that still work after the process exits. The built-in
/// catalog and the Metron translation are served in-process on an ephemeral loopback port, and
/// their answers point at that port (so the gallery's picture downloads stay with them); on
/// stdout each such URL becomes the record's own:
/// - resource URIs (`/v1/...`) are the contract's, on gateway.marvel.com;
/// - the built-in catalog's pictures are on i.annihil.us (the only picture host of its data);
/// - a Metron picture (`/metron-image/{scheme}/{host}/{path}`) is Metron's original file;
/// - a Metron list item's picture by id (`/metron-character-image/{id}`, no original known
///   without a detail request) is the contract's "image not available".
enum InProcessURLs {
    static let gateway = "http://gateway.marvel.com/"
    static let notAvailable = "http://i.annihil.us/u/prod/marvel/i/mg/b/40/image_not_available"

    static func canonical(_ text: String) -> String {
        var text = text
        if let base = BuiltInCatalog.runningBaseURL {
            text = rewrite(text, base: base) { $0.hasPrefix("v1/") ? gateway + $0 : "http://i.annihil.us/" + $0 }
        }
        if let base = MetronLaunch.runningBaseURL {
            text = rewrite(text, base: base, metron)
        }
        return text
    }

    /// The reverse of `canonical` for a saved picture: the built-in catalog's pictures (on
    /// i.annihil.us) are served by the running catalog, so favourites show offline too.
    static func local(_ text: String) -> String {
        guard let base = BuiltInCatalog.runningBaseURL else { return text }
        for host in ["http://i.annihil.us/", "https://i.annihil.us/"] where text.hasPrefix(host) {
            return base.absoluteString + "/" + text.dropFirst(host.count)
        }
        return text
    }

    /// The URL for a path of the Metron translation (without its leading slash).
    static func metron(_ path: String) -> String {
        if path.hasPrefix("v1/") { return gateway + path }
        if path.hasPrefix(MetronImagePath.characterPrefix.dropFirst()) {
            // `{id}` or `{id}/{variant}.jpg`: the placeholder, in the same variant.
            let parts = path.split(separator: "/")
            return notAvailable + (parts.count > 2 ? "/" + parts[2...].joined(separator: "/") : "")
        }
        if path.hasPrefix(MetronImagePath.prefix.dropFirst()) {
            let variants = Set(ImageVariant.allCases.compactMap(\.pathComponent))
            if let original = MetronImagePath.original(of: "/" + path, variantNames: variants) { return original.absoluteString }
            // A thumbnail's `path` (its extension is a field of its own): scheme, host, file path.
            let parts = path.split(separator: "/", maxSplits: 3).map(String.init)
            if parts.count == 4, ["http", "https"].contains(parts[1]) { return parts[1] + "://" + parts[2] + "/" + parts[3] }
        }
        return notAvailable  // nothing else of the server's outlives it
    }

    /// Replaces every URL starting with `base/` in `text` by `map(its path)`. A URL ends at
    /// whitespace, a quote or a backslash (JSON and plain lines alike).
    static func rewrite(_ text: String, base: URL, _ map: (String) -> String) -> String {
        let prefix = base.absoluteString + "/"
        guard text.contains(prefix) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: prefix) {
            result += rest[..<range.lowerBound]
            let tail = rest[range.upperBound...]
            let end = tail.firstIndex { $0.isWhitespace || $0 == "\"" || $0 == "\\" } ?? tail.endIndex
            result += map(String(tail[..<end]))
            rest = tail[end...]
        }
        return result + rest
    }
}
