import NIOCore
import Synchronization

/// Finished answers by (host, path, canonical query): the catalog does not change while the
/// server runs, so a repeated page costs one dictionary lookup. Bounded by bytes (64 MB by
/// default); cleared when full (pages are cheap to rebuild, so no LRU bookkeeping).
final class AnswerCache: Sendable {
    struct Entry: Sendable {
        /// The envelope's tag, the identity body's; the gzip body goes out under its own
        /// (`RepresentationTag`).
        let etag: String
        let body: ByteBuffer
        /// The gzip form, made the first time a client asks for it (then sent as it is).
        var gzipped: ByteBuffer?
        var cost: Int { body.readableBytes + (gzipped?.readableBytes ?? 0) }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    private let budget: Int

    init(budgetBytes: Int = 64 << 20) { self.budget = budgetBytes }

    /// False with a budget of 0 (`--answer-cache-mb 0`): every answer is built.
    var keepsAnswers: Bool { budget > 0 }

    func get(_ key: String) -> Entry? { state.withLock { $0.entries[key] } }

    /// The gzip body of a cached answer, compressing it once.
    func gzipped(_ key: String, _ entry: Entry) -> ByteBuffer? {
        if let packed = entry.gzipped { return packed }
        guard let packed = try? Gzip.compress(entry.body) else { return nil }
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
