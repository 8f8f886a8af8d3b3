import CacheKit
import NIOCore
import Synchronization

/// Finished answers by (host, path, canonical query): the catalog does not change while the
/// server runs, so a repeated page costs one dictionary lookup. Bounded by bytes (64 MB by
/// default); past it, the least recently asked answers go.
final class AnswerCache: Sendable {
    struct Entry: Sendable {
        /// The envelope's tag, the identity body's; the gzip body goes out under its own
        /// (`RepresentationTag`).
        let etag: String
        let body: ByteBuffer
        /// The gzip form, made the first time a client asks for it (then sent as it is).
        var gzipped: ByteBuffer?
        /// The identity body in a file when it is large (`BodyFile`), for sendfile: made when
        /// the entry goes into the cache.
        fileprivate(set) var file: BodyFile?
        var cost: Int { body.readableBytes + (gzipped?.readableBytes ?? 0) + (file?.count ?? 0) }

        init(etag: String, body: ByteBuffer, gzipped: ByteBuffer? = nil) {
            self.etag = etag
            self.body = body
            self.gzipped = gzipped
        }
    }

    private let state: Mutex<LRUCache<String, Entry>>
    private let budget: Int
    /// Where large bodies' files go (`BodyFile`): nil keeps them in memory files.
    private let fileFolder: String?

    init(budgetBytes: Int = 64 << 20, fileFolder: String? = nil) {
        self.budget = budgetBytes
        self.fileFolder = fileFolder
        self.state = Mutex(LRUCache(costLimit: max(0, budgetBytes)))
    }

    /// False with a budget of 0 (`--answer-cache-mb 0`): every answer is built.
    var keepsAnswers: Bool { budget > 0 }

    func get(_ key: String) -> Entry? { state.withLock { $0.value(for: key) } }

    /// The gzip body of a cached answer, compressing it once.
    func gzipped(_ key: String, _ entry: Entry) -> ByteBuffer? {
        if let packed = entry.gzipped { return packed }
        guard let packed = try? Gzip.compress(entry.body) else { return nil }
        state.withLock { s in
            guard s.peek(key).map({ $0.gzipped == nil }) == true else { return }
            s.update(key, addedCost: packed.readableBytes) { $0.gzipped = packed }
        }
        return packed
    }

    func put(_ key: String, _ entry: Entry) {
        guard entry.cost <= budget else { return }  // larger than the whole budget (or a budget of 0)
        var entry = entry
        entry.file = BodyFile(entry.body, folder: fileFolder)
        guard entry.cost <= budget else { return }  // too large with its file
        state.withLock { _ = $0.insert(entry, for: key, cost: entry.cost) }
    }
}
