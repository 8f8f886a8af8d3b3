import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shared state of the limiter: one small JSON file under the cache folder, read and
/// rewritten under an exclusive `flock`, so every process of the user spends one budget.
struct BudgetState: Codable, Equatable {
    /// Send times (seconds since 1970) within the last minute.
    var recent: [Double] = []
    /// The UTC day `today` counts (yyyy-MM-dd).
    var day: String = ""
    var today: Int = 0
    /// No request before this time (a 429's Retry-After, or X-RateLimit-Remaining 0).
    var pausedUntil: Double = 0
}

struct BudgetFile: Sendable {
    let path: String

    /// Runs `body` on the state with the file locked, and writes back what it leaves (unless
    /// `readOnly`).
    func withLockedState<T>(readOnly: Bool = false, _ body: (inout BudgetState) -> T) throws(MetronError) -> T {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .budgetFile(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .budgetFile(path: path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(fd, LOCK_UN) }
        var state = (try? JSONDecoder().decode(BudgetState.self, from: readAll(fd))) ?? BudgetState()
        let result = body(&state)
        guard !readOnly else { return result }
        guard let bytes = try? JSONEncoder().encode(state) else { return result }
        guard ftruncate(fd, 0) == 0, bytes.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw .budgetFile(path: path, reason: String(cString: strerror(errno)))
        }
        return result
    }

    private func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n <= 0 { return data }
            data.append(contentsOf: buffer[0..<n])
            offset += off_t(n)
        }
    }
}
