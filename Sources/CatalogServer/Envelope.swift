import Catalog
import Foundation
import Synchronization

/// The 200 wrapper of every list and detail answer (MARVEL_API.md 4.1), built as text around
/// the stored entity JSON. The ETag is the sha1 of the `data` object, 40 hex chars, as real.
enum Envelope {
    static let year = Calendar(identifier: .gregorian).component(.year, from: Date())
    static let copyright = "© \(year) MARVEL"
    static let attribution = "Data provided by Marvel. © \(year) MARVEL"

    static func build(_ result: MarvelRoutes.Result, baseURL: String) -> (etag: String, body: [UInt8]) {
        let results = rewriteHosts(result.page.results.joined(separator: ","), baseURL: baseURL)
        let data = "{\"offset\":\(result.offset),\"limit\":\(result.limit),\"total\":\(result.page.total),"
            + "\"count\":\(result.page.results.count),\"results\":[\(results)]}"
        let etag = Digest.sha1Hex(data)
        let text = "{\"code\":200,\"status\":\"Ok\",\"copyright\":\(JSONText.quote(copyright)),"
            + "\"attributionText\":\(JSONText.quote(attribution)),"
            + "\"attributionHTML\":\(JSONText.quote("<a href=\"http://marvel.com\">\(attribution)</a>")),"
            + "\"etag\":\"\(etag)\",\"data\":\(data)}"
        return (etag, Array(text.utf8))
    }

    /// Image paths and resource URIs point at this server, so a client that follows them (and
    /// downloads thumbnails) stays offline. `urls` (marvel.com pages for people) are kept.
    static func rewriteHosts(_ json: String, baseURL: String) -> String {
        var text = json
        for host in ["http://i.annihil.us/", "https://i.annihil.us/", "http://x.annihil.us/", "https://x.annihil.us/",
                     "http://gateway.marvel.com/", "https://gateway.marvel.com/"] where text.contains(host) {
            text = text.replacingOccurrences(of: host, with: baseURL + "/")
        }
        return text
    }
}

/// Finished answers by (host, path, canonical query): the catalog does not change while the
/// server runs, so a repeated page costs one dictionary lookup. Bounded; cleared when full.
final class AnswerCache: Sendable {
    struct Entry: Sendable { let etag: String; let body: [UInt8] }
    private let entries = Mutex([String: Entry]())
    private let capacity: Int

    init(capacity: Int = 2048) { self.capacity = capacity }

    func get(_ key: String) -> Entry? { entries.withLock { $0[key] } }

    func put(_ key: String, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
