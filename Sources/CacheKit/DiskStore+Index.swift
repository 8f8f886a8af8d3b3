import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The index: one line per entry (`<name> <size> <access-ns>`) after a header, then a line with
/// the SHA-256 of everything before it. A missing, truncated or garbled index fails the check
/// and the cache is rebuilt from a directory scan (mtimes stand in for access times).
extension DiskStore {
    static var indexHeader: String { "MGINDEX 1" }

    /// Loads the index into `entries`; false when it is missing or fails validation.
    func loadIndex() -> Bool {
        guard let (bytes, _) = POSIXFile.readAll(indexPath) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let sumStart = text.range(of: "\nSUM ", options: .backwards) else { return false }
        let body = String(text[..<sumStart.lowerBound]) + "\n"
        let sum = text[sumStart.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard sum == SHA256Digest.hex(SHA256Digest.digest(Array(body.utf8))) else { return false }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(Self.indexHeader) else { return false }
        lines.removeFirst()
        var loaded: [String: EntryInfo] = [:]
        var total = 0
        for line in lines {
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0].count == 64 + Format.fileSuffix.count,
                  let size = Int(parts[1]), let access = UInt64(parts[2]) else { return false }
            loaded[String(parts[0])] = EntryInfo(size: size, access: access, touched: access)
            total += size
        }
        entries = loaded
        totalSize = total
        return true
    }

    /// Writes the index atomically (temp + rename). Caller holds the locks.
    ///
    /// The file is built in one byte buffer sized up front and summed in place. A String built
    /// line by line, copied to bytes for the sum, joined to the sum line and copied again holds
    /// the index several times over at once (the index is about 3 MB at 30,000 entries); the
    /// index is rewritten as a long walk stores pictures, so such copies would set the walk's
    /// peak RSS (`marvel-bench walk`).
    func writeIndex() {
        let names = entries.keys.sorted()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.indexHeader.utf8.count + 1 + names.count * Self.indexLineBytes(names.first)
                              + Self.sumLineBytes)
        bytes += Self.indexHeader.utf8
        bytes.append(UInt8(ascii: "\n"))
        for name in names {
            let info = entries[name]!
            bytes += name.utf8
            bytes.append(UInt8(ascii: " "))
            bytes += String(info.size).utf8
            bytes.append(UInt8(ascii: " "))
            bytes += String(info.access).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        let sum = SHA256Digest.hex(bytes.withUnsafeBytes { SHA256Digest.digest($0) })
        bytes += "SUM \(sum)\n".utf8
        let temp = "\(tmpPath)/\(getpid()).index.tmp"
        unlink(temp)
        if POSIXFile.writeNew(temp, bytes) {
            if rename(temp, indexPath) != 0 { unlink(temp) }
        }
        dirtyCount = 0
        events.indexWrites += 1
    }

    /// Bytes of one index line at most, for a name as long as `name`: the name, a size and an
    /// access time in nanoseconds (at most 20 digits each), two spaces and the newline.
    static func indexLineBytes(_ name: String?) -> Int { (name?.utf8.count ?? 0) + 20 + 20 + 3 }

    /// `SUM `, 64 hex digits and the newline.
    static var sumLineBytes: Int { 4 + 64 + 1 }
}
