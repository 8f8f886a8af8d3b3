import Foundation
import MarvelAPI
import MarvelContract

/// Plain and JSON output print URLs that still work after the process exits. The built-in
/// catalog and a live source's translation are served in-process on an ephemeral loopback port, and
/// their answers point at that port (so the gallery's picture downloads stay with them); on
/// stdout each such URL becomes the record's own:
/// - resource URIs (`/v1/...`) are the contract's, on gateway.marvel.com;
/// - the built-in catalog's pictures are on i.annihil.us (the only picture host of its data);
/// - a live source's paths are what the source says they stand for (`LiveSource.lastingURL`),
///   else the contract's "image not available".
enum InProcessURLs {
    static let gateway = ContractValues.gateway
    static let notAvailable = ContractValues.imageNotAvailablePath

    static func canonical(_ text: String) -> String {
        var text = text
        if let base = BuiltInCatalog.runningBaseURL {
            text = rewrite(text, base: base) { $0.hasPrefix("v1/") ? gateway + $0 : "http://i.annihil.us/" + $0 }
        }
        if let base = LiveSources.runningBaseURL, let source = LiveSources.runningSource {
            text = rewrite(text, base: base) { path in
                path.hasPrefix("v1/") ? gateway + path : source.lastingURL(ofServed: path) ?? notAvailable
            }
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
