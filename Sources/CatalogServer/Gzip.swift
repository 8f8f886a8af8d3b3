import CompressNIO
import NIOCore

/// gzip through zlib (compress-nio), for `Accept-Encoding: gzip` answers and for tests.
public enum Gzip {
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        var output = try input.compress(with: .gzip())
        return output.readBytes(length: output.readableBytes) ?? []
    }

    public static func decompress(_ bytes: [UInt8], maxSize: Int = 64 << 20) throws -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        var output = try input.decompress(with: .gzip(), maxSize: maxSize)
        return output.readBytes(length: output.readableBytes) ?? []
    }

    /// True when an `Accept-Encoding` value accepts gzip (and does not say `gzip;q=0`).
    static func accepted(by header: String?) -> Bool {
        guard let header else { return false }
        for part in header.lowercased().split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.first == "gzip" || fields.first == "x-gzip" || fields.first == "*" else { continue }
            if fields.dropFirst().contains(where: { $0.replacingOccurrences(of: " ", with: "") == "q=0" || $0 == "q=0.0" }) { return false }
            return true
        }
        return false
    }
}
