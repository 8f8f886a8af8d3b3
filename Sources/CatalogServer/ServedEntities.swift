import Catalog
import Digests
import Synchronization

/// The catalog's entities as this server sends them: each one's JSON with its hosts rewritten
/// (`Envelope.HostRewrite`), and deflate pieces of it (`DeflatePiece`), so a page that is not
/// in the answer cache is these copied one after another (a 250 KB page rewritten and
/// compressed for every request cost more than the rest of the request).
///
/// A piece is kept per entity and the entity before it on the page, compressed as the
/// continuation of that one (as pigz primes each block with the one before): lists are asked in
/// a few orders, so the same neighbours meet again at any offset, and the pieces come within a
/// fifth of the whole page's size instead of three times it.
///
/// Entities are kept by base URL, kind and id, and checked against the catalog's current JSON
/// on every use: a write to the catalog changes that text, and the changed entity is made again
/// under a new serial (pieces are keyed by serials, so none made from the old text is used).
/// Bounded like the other memos: cleared when full rather than tracking use.
final class ServedEntities: Sendable {
    /// A class: a page passes 100 of them around several times, one reference each.
    final class Entity: Sendable {
        /// Unique per entity made; 0 for one made for a single answer (not kept, no pieces).
        let serial: Int
        /// The catalog's text it was made from (to notice that the catalog changed).
        let source: String
        /// As sent: hosts rewritten.
        let json: [UInt8]
        /// SHA-1 of `json`, made once: a page's ETag hashes these 20 bytes per entity instead
        /// of the entity's text (hashing 250 KB would be a third of a cold page's server time).
        let digest: [UInt8]

        init(serial: Int, source: String, json: [UInt8]) {
            self.serial = serial; self.source = source; self.json = json
            digest = Digest.sha1(json)
        }
    }

    private struct Key: Hashable {
        let kind: EntityKind
        let id: Int
    }

    /// An entity's piece after `previous` (a serial; 0 at the start of a page's results).
    private struct PieceKey: Hashable {
        let previous: Int
        let entity: Int
    }

    private struct State {
        /// By base URL (hashed once per page), then kind and id.
        var entities: [String: [Key: Entity]] = [:]
        var pieces: [PieceKey: DeflatePiece] = [:]
        var bytes = 0

        mutating func add(_ cost: Int, budget: Int) {
            if bytes + cost > budget { self = State() }
            bytes += cost
        }
    }

    private let state = Mutex(State())
    private let serials = Atomic<Int>(0)
    private let budget: Int

    init(budgetBytes: Int = 64 << 20) { budget = budgetBytes }

    /// The page's entities as sent to `base`: kept ones when the catalog's text is the same,
    /// the others made now (outside the lock) and kept. Entities without ids (a live source's, the
    /// synthetic catalog's) are made for this answer alone.
    func entities(_ kind: EntityKind?, _ page: CatalogPage, base: String) -> [Entity] {
        let hosts = Envelope.HostRewrite(baseURL: base)
        guard let kind, page.ids.count == page.results.count else {
            return page.results.map { Self.make($0, hosts: hosts, serial: 0) }
        }
        let keys = page.ids.map { Key(kind: kind, id: $0) }
        let kept = state.withLock { s -> [Entity?] in
            guard let byKey = s.entities[base] else { return Array(repeating: nil, count: keys.count) }
            return keys.map { byKey[$0] }
        }
        var made: [(Key, Entity)] = []
        let entities = zip(page.results, zip(keys, kept)).map { source, entry -> Entity in
            // Equal strings sharing storage (the catalog's own memo) compare without reading them.
            if let old = entry.1, old.source == source { return old }
            let new = Self.make(source, hosts: hosts, serial: serials.add(1, ordering: .relaxed).newValue)
            made.append((entry.0, new))
            return new
        }
        guard !made.isEmpty else { return entities }
        state.withLock { s in
            for (key, entity) in made {
                s.add(entity.source.utf8.count + entity.json.count, budget: budget)
                s.entities[base, default: [:]][key] = entity
            }
        }
        return entities
    }

    /// Each entity's piece as it follows the one before it in `entities` (the first alone), or
    /// nil when an entity is not kept or zlib fails (the answer is then compressed whole).
    func pieces(_ entities: [Entity]) -> [DeflatePiece]? {
        guard entities.allSatisfy({ $0.serial != 0 }) else { return nil }
        let keys = entities.indices.map { n in PieceKey(previous: n == 0 ? 0 : entities[n - 1].serial, entity: entities[n].serial) }
        let kept = state.withLock { s in keys.map { s.pieces[$0] } }
        var made: [(PieceKey, DeflatePiece)] = []
        var pieces: [DeflatePiece] = []
        pieces.reserveCapacity(entities.count)
        for n in entities.indices {
            if let piece = kept[n] {
                pieces.append(piece)
                continue
            }
            // What the decoder has just written before this piece: the entity before and its comma.
            let before = n == 0 ? [] : entities[n - 1].json + Envelope.Answer.comma
            guard let piece = DeflatePiece(entities[n].json, after: before) else { return nil }
            made.append((keys[n], piece))
            pieces.append(piece)
        }
        guard !made.isEmpty else { return pieces }
        state.withLock { s in
            for (key, piece) in made {
                s.add(piece.open.count + 32, budget: budget)
                s.pieces[key] = piece
            }
        }
        return pieces
    }

    private static func make(_ source: String, hosts: Envelope.HostRewrite, serial: Int) -> Entity {
        var json: [UInt8] = []
        json.reserveCapacity(source.utf8.count)
        hosts.append(source, to: &json)
        return Entity(serial: serial, source: source, json: json)
    }
}
