import CacheKit
import Digests
import Foundation

/// A stored answer's file: `MGC1\n`, a JSON header (the request key, the ETag, when it was
/// stored, the body's length and SHA-256), a newline, the body as received. The disk cache's one
/// integrity rule holds: a file for another key, cut short, changed, or without length and
/// digest is not an entry (its ETag would get a 304 and the damaged body would be shown, or fail
/// to decode, on every later run).
public enum ResponseEntryFormat: DiskEntryFormat {
    public static var fileSuffix: String { ".cache" }
    private static let magic = Data("MGC1\n".utf8)

    private struct Header: Codable {
        var key: String
        var etag: String?
        var storedAt: Double
        var length: Int?
        var sha256: String?
    }

    public static func encode(key: String, _ value: CachedResponse) -> [UInt8] {
        let header = Header(key: key, etag: value.etag, storedAt: value.storedAt.timeIntervalSince1970,
                            length: value.body.count, sha256: Digest.hex(Digest.sha256(value.body)))
        // A header that cannot be encoded leaves a file `decode` refuses: a miss, never a wrong answer.
        var data = magic
        data.append((try? JSONEncoder().encode(header)) ?? Data())
        data.append(10)
        data.append(value.body)
        return [UInt8](data)
    }

    public static func decode(_ file: [UInt8], key: String) -> CachedResponse? {
        let data = Data(file)
        guard data.starts(with: magic), let newline = data[magic.count...].firstIndex(of: 10),
              let header = try? JSONDecoder().decode(Header.self, from: data[magic.count..<newline]),
              header.key == key
        else { return nil }
        let body = Data(data[(newline + 1)...])
        guard body.count == header.length, header.sha256 == Digest.hex(Digest.sha256(body)) else { return nil }
        return CachedResponse(etag: header.etag, body: body, storedAt: Date(timeIntervalSince1970: header.storedAt))
    }
}
