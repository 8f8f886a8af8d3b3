import Catalog
import Digests
import Foundation
import NIOCore
import ContractServing

/// The 200 wrapper of every list and detail answer (MARVEL_API.md 4.1), built as text around
/// the stored entity JSON. The ETag is 40 hex chars of SHA-1 (see `build`), as real; the gzip
/// body is sent under that tag plus `-gzip` (`RepresentationTag`).
enum Envelope {

    /// The envelope's text before the ETag's value, the same for every answer of a source:
    /// its attribution (`copyright`, `attributionText`, `attributionHTML`).
    struct Head: Sendable {
        let bytes: [UInt8]

        init(_ attribution: Attribution) {
            bytes = Array(("{\"code\":200,\"status\":\"Ok\",\"copyright\":\(JSONText.quote(attribution.copyright)),"
                + "\"attributionText\":\(JSONText.quote(attribution.text)),"
                + "\"attributionHTML\":\(JSONText.quote(attribution.html)),\"etag\":\"").utf8)
        }

        static let marvel = Head(.marvel)
    }

    /// A 200 answer: its ETag, and its body made from the entities as sent, as JSON or as gzip.
    struct Answer: Sendable {
        let etag: String
        /// The envelope up to the first entity (`..."results":[`).
        let head: [UInt8]
        let entities: [ServedEntities.Entity]
        /// After each entity but the last, and after the last (`results`, `data`, the envelope).
        static let comma: [UInt8] = [UInt8(ascii: ",")]
        static let tail: [UInt8] = Array("]}}".utf8)

        var jsonCount: Int { entities.reduce(head.count + Self.tail.count) { $0 + $1.json.count + 1 } }

        func json() -> ByteBuffer {
            var out = ByteBuffer()
            out.reserveCapacity(jsonCount)
            out.writeBytes(head)
            for (n, entity) in entities.enumerated() {
                if n > 0 { out.writeBytes(Self.comma) }
                out.writeBytes(entity.json)
            }
            out.writeBytes(Self.tail)
            return out
        }

        /// The entities' deflate pieces (`ServedEntities.pieces`, one per entity) stitched
        /// between the envelope in stored blocks: a cold page of 100 is then copies and 100 CRC
        /// combinations. Without pieces, the JSON compressed whole.
        func gzip(_ pieces: [DeflatePiece]?) -> ByteBuffer? {
            guard let pieces, pieces.count == entities.count else { return try? Gzip.compress(json()) }
            var gzip = GzipStitcher(capacity: pieces.reduce(head.count + 64) { $0 + $1.open.count + 5 })
            gzip.appendStored(head)
            for (n, piece) in pieces.enumerated() {
                if n > 0 { gzip.appendStored(Self.comma) }
                gzip.append(piece)
            }
            gzip.appendStored(Self.tail)
            return gzip.finish()
        }
    }

    /// The envelope around the page's entities as sent (`ServedEntities`). The ETag is the SHA-1
    /// of the `data` object's own fields and each entity's SHA-1 in order, made once per entity:
    /// it changes whenever the `data` object does (a field, an entity, their order), and a cold
    /// page hashes 2 KB instead of its 250 KB. Clients compare it, never recompute it.
    static func build(_ result: MarvelRoutes.Result, entities: [ServedEntities.Entity],
                      head: Head = .marvel) -> Answer {
        let dataHead = Array(("{\"offset\":\(result.offset),\"limit\":\(result.limit),\"total\":\(result.page.total),"
            + "\"count\":\(entities.count),\"results\":[").utf8)
        let dataTail = Array(Answer.tail.dropLast())
        let etag = Digest.sha1Hex { update in
            dataHead.withUnsafeBytes(update)
            for entity in entities { entity.digest.withUnsafeBytes(update) }
            dataTail.withUnsafeBytes(update)
        }
        return Answer(etag: etag, head: head.bytes + Array("\(etag)\",\"data\":".utf8) + dataHead, entities: entities)
    }

    /// Image paths and resource URIs point at this server, so a client that follows them (and
    /// downloads thumbnails) stays offline. `urls` (marvel.com pages for people) are kept.
    /// Marvel's hosts are replaced by this server's base URL in one scan of the UTF-8 bytes.
    struct HostRewrite {
        static let hosts = ["http://i.annihil.us/", "https://i.annihil.us/", "http://x.annihil.us/", "https://x.annihil.us/",
                            "http://gateway.marvel.com/", "https://gateway.marvel.com/"].map { Array($0.utf8) }
        let replacement: [UInt8]

        /// `baseURL` goes inside JSON strings: escaped as one (a validated Host needs none; a
        /// configured address might).
        init(baseURL: String) { replacement = Array(JSONText.quote(baseURL + "/").dropFirst().dropLast().utf8) }

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
