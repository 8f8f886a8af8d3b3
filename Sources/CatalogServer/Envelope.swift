import Catalog
import Digests
import Foundation
import MarvelAPI
import MetronSource
import Synchronization

/// The 200 wrapper of every list and detail answer (MARVEL_API.md 4.1), built as text around
/// the stored entity JSON. The ETag is the sha1 of the `data` object, 40 hex chars, as real.
enum Envelope {

    /// Metron's data is Metron's: its credit and licence (`MetronTerms`), in place of Marvel's, on every answer.
    static let metronAttribution = Attribution(text: MetronTerms.attribution, link: MetronTerms.site)
    static let marvelAttribution = Attribution(text: MarvelAttribution.text, link: "http://marvel.com")

    /// Whose data an answer carries: its `attributionText`, and the same text linked for `attributionHTML`.
    struct Attribution {
        let text: String
        let link: String
        var html: String { "<a href=\"\(link)\">\(text)</a>" }
    }

    static func build(_ result: MarvelRoutes.Result, baseURL: String, attribution: Attribution = marvelAttribution) -> (etag: String, body: [UInt8]) {
        let results = rewriteHosts(result.page.results.joined(separator: ","), baseURL: baseURL)
        let data = "{\"offset\":\(result.offset),\"limit\":\(result.limit),\"total\":\(result.page.total),"
            + "\"count\":\(result.page.results.count),\"results\":[\(results)]}"
        let etag = Digest.sha1Hex(data)
        let text = "{\"code\":200,\"status\":\"Ok\",\"copyright\":\(JSONText.quote(MarvelAttribution.copyright)),"
            + "\"attributionText\":\(JSONText.quote(attribution.text)),"
            + "\"attributionHTML\":\(JSONText.quote(attribution.html)),"
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
/// server runs, so a repeated page costs one dictionary lookup. Bounded by bytes (64 MB by
/// default); cleared when full (pages are cheap to rebuild, so no LRU bookkeeping).
final class AnswerCache: Sendable {
    struct Entry: Sendable {
        let etag: String
        let body: [UInt8]
        /// The gzip form, made the first time a client asks for it.
        var gzipped: [UInt8]?
        var cost: Int { body.count + (gzipped?.count ?? 0) }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    private let budget: Int

    init(budgetBytes: Int = 64 << 20) { self.budget = budgetBytes }

    func get(_ key: String) -> Entry? { state.withLock { $0.entries[key] } }

    /// The gzip body of a cached answer, compressing it once.
    func gzipped(_ key: String, _ entry: Entry) -> [UInt8]? {
        if let packed = entry.gzipped { return packed }
        guard let packed = try? Gzip.compress(entry.body) else { return nil }
        state.withLock { s in
            guard s.entries[key] != nil, s.entries[key]?.gzipped == nil else { return }
            s.entries[key]?.gzipped = packed
            s.bytes += packed.count
        }
        return packed
    }

    func put(_ key: String, _ entry: Entry) {
        state.withLock { s in
            if s.bytes + entry.cost > budget { s = State() }
            if let old = s.entries.updateValue(entry, forKey: key) { s.bytes -= old.cost }
            s.bytes += entry.cost
        }
    }
}
