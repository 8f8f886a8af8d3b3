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
    func writeIndex() {
        var body = Self.indexHeader + "\n"
        for (name, info) in entries.sorted(by: { $0.key < $1.key }) {
            body += "\(name) \(info.size) \(info.access)\n"
        }
        let sum = SHA256Digest.hex(SHA256Digest.digest(Array(body.utf8)))
        let text = body + "SUM " + sum + "\n"
        let temp = "\(tmpPath)/\(getpid()).index.tmp"
        unlink(temp)
        if POSIXFile.writeNew(temp, Array(text.utf8)) {
            if rename(temp, indexPath) != 0 { unlink(temp) }
        }
        dirtyCount = 0
        events.indexWrites += 1
    }
}
