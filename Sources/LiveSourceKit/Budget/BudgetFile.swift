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
    /// Send times within the last hour, by resource (a source counting per resource per hour;
    /// absent in a file of a source that does not).
    var resources: [String: [Double]]?
    /// When the last request was answered (a source asking for spacing between requests).
    var last: Double?
}

struct BudgetFile: Sendable {
    let path: String

    /// The file is a few hundred bytes; more than this is not ours (a symlink to /dev/zero
    /// once read 8 GB before anything else happened).
    static let maxBytes = 8 << 10

    /// Runs `body` on the state with the file locked, and writes back what it leaves (unless
    /// `readOnly`). A file that is not a regular file, cannot be opened, is too large, is not
    /// our JSON or holds impossible numbers (`BudgetCheck`) is ignored: the state starts
    /// afresh and the file is rewritten (even when `readOnly`), so one bad file never stops
    /// the source; `BudgetFile.inspect` says what was wrong, for `doctor`. `now` is read once
    /// the lock is held: a time read before it could be older than what another process wrote
    /// meanwhile, and its entries would then look as if from the future.
    func withLockedState<T>(readOnly: Bool = false, now: () -> Date = Date.init,
                            _ body: (inout BudgetState) -> T) throws(BudgetError) -> T {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fd = try openRegular()
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .budgetFile(path: path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(fd, LOCK_UN) }
        let read = Self.read(fd)
        var state: BudgetState
        var repaired = false
        let now = now()
        switch read.flatMap({ BudgetCheck.validate($0, now: now) }) {
        case .success(let valid): state = valid
        case .failure(let problem):
            // An empty (new) file is not a problem; anything else is rewritten clean.
            state = BudgetState()
            repaired = problem != .empty
            // Rewritten as the limiter writes it: the user's alone.
            if repaired { _ = fchmod(fd, 0o600) }
        }
        let result = body(&state)
        guard !readOnly || repaired else { return result }
        guard let bytes = try? JSONEncoder().encode(state) else { return result }
        guard ftruncate(fd, 0) == 0, bytes.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw .budgetFile(path: path, reason: String(cString: strerror(errno)))
        }
        return result
    }

    /// What is wrong with the file as it is now (nil: absent or fine), without changing it.
    static func inspect(path: String, now: Date = Date()) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? nil : "cannot be read (\(String(cString: strerror(errno))))"
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return BudgetProblem.notRegular.description }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        defer { close(fd) }
        switch read(fd).flatMap({ BudgetCheck.validate($0, now: now) }) {
        case .success: return nil
        case .failure(let problem): return problem == .empty ? nil : problem.description
        }
    }

    /// The file, opened read-write without following a symlink and without waiting on a FIFO;
    /// anything else at the path (a symlink, a device, a FIFO, a directory, a file we may not
    /// open) is removed and a fresh file made in its place.
    private func openRegular() throws(BudgetError) -> Int32 {
        let flags = O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var fd = open(path, flags | O_CREAT, 0o600)
        if fd >= 0 {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return fd }
            close(fd)
        }
        // Not a regular file we can use: replace it (only the path's own entry is removed).
        if unlink(path) != 0, errno != ENOENT { _ = rmdir(path) }
        fd = open(path, flags | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw .budgetFile(path: path, reason: String(cString: strerror(errno))) }
        return fd
    }

    /// At most `maxBytes` of the file (one more to notice it is larger).
    private static func read(_ fd: Int32) -> Result<Data, BudgetProblem> {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while data.count <= maxBytes {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if n == 0 { return .success(data) }
            data.append(contentsOf: buffer[0..<n])
            offset += off_t(n)
        }
        return .failure(.tooLarge)
    }
}
