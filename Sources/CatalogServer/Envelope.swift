import Catalog
import Digests
import Foundation
import NIOCore
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

    /// Built as bytes in one buffer: joining, rewriting hosts and concatenating 250 KB pages as
    /// Strings (Foundation's `replacingOccurrences` on Linux goes through UTF-16) cost more than
    /// the SQL did.
    static func build(_ result: MarvelRoutes.Result, baseURL: String, attribution: Attribution = marvelAttribution) -> (etag: String, body: [UInt8]) {
        var data: [UInt8] = []
        data.reserveCapacity(result.page.results.reduce(128) { $0 + $1.utf8.count + 1 })
        data += "{\"offset\":\(result.offset),\"limit\":\(result.limit),\"total\":\(result.page.total),".utf8
        data += "\"count\":\(result.page.results.count),\"results\":[".utf8
        let hosts = HostRewrite(baseURL: baseURL)
        for (n, json) in result.page.results.enumerated() {
            if n > 0 { data.append(UInt8(ascii: ",")) }
            hosts.append(json, to: &data)
        }
        data += "]}".utf8
        let etag = Digest.sha1Hex(data)
        let head = "{\"code\":200,\"status\":\"Ok\",\"copyright\":\(JSONText.quote(MarvelAttribution.copyright)),"
            + "\"attributionText\":\(JSONText.quote(attribution.text)),"
            + "\"attributionHTML\":\(JSONText.quote(attribution.html)),"
            + "\"etag\":\"\(etag)\",\"data\":"
        var body: [UInt8] = []
        body.reserveCapacity(head.utf8.count + data.count + 1)
        body += head.utf8
        body += data
        body.append(UInt8(ascii: "}"))
        return (etag, body)
    }

    /// Image paths and resource URIs point at this server, so a client that follows them (and
    /// downloads thumbnails) stays offline. `urls` (marvel.com pages for people) are kept.
    /// Marvel's hosts are replaced by this server's base URL in one scan of the UTF-8 bytes.
    struct HostRewrite {
        static let hosts = ["http://i.annihil.us/", "https://i.annihil.us/", "http://x.annihil.us/", "https://x.annihil.us/",
                            "http://gateway.marvel.com/", "https://gateway.marvel.com/"].map { Array($0.utf8) }
        let replacement: [UInt8]

        init(baseURL: String) { replacement = Array((baseURL + "/").utf8) }

        func append(_ json: String, to out: inout [UInt8]) {
            var json = json
            json.withUTF8 { bytes in
                var copied = 0, i = 0
                let h = UInt8(ascii: "h")
                while i < bytes.count {
                    // Every host starts with "http"; most bytes are skipped at the first compare.
                    if bytes[i] == h, let host = Self.hosts.first(where: { Self.matches($0, bytes, at: i) }) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                        out += replacement
                        i += host.count
                        copied = i
                    } else {
                        i += 1
                    }
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
            }
        }

        private static func matches(_ host: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
            guard bytes.count - i >= host.count else { return false }
            for k in 0..<host.count where bytes[i + k] != host[k] { return false }
            return true
        }
    }
}

/// Finished answers by (host, path, canonical query): the catalog does not change while the
/// server runs, so a repeated page costs one dictionary lookup. Bounded by bytes (64 MB by
/// default); cleared when full (pages are cheap to rebuild, so no LRU bookkeeping).
final class AnswerCache: Sendable {
    struct Entry: Sendable {
        let etag: String
        let body: [UInt8]
        /// The gzip form, made the first time a client asks for it (then sent as it is).
        var gzipped: ByteBuffer?
        var cost: Int { body.count + (gzipped?.readableBytes ?? 0) }
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
    func gzipped(_ key: String, _ entry: Entry) -> ByteBuffer? {
        if let packed = entry.gzipped { return packed }
        guard let packed = try? Gzip.compress(ByteBuffer(bytes: entry.body)) else { return nil }
        state.withLock { s in
            guard s.entries[key] != nil, s.entries[key]?.gzipped == nil else { return }
            s.entries[key]?.gzipped = packed
            s.bytes += packed.readableBytes
        }
        return packed
    }

    func put(_ key: String, _ entry: Entry) {
        guard entry.cost <= budget else { return }  // larger than the whole budget (or a budget of 0)
        state.withLock { s in
            if s.bytes + entry.cost > budget { s = State() }
            if let old = s.entries.updateValue(entry, forKey: key) { s.bytes -= old.cost }
            s.bytes += entry.cost
        }
    }
}
