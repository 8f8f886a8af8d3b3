#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` on a lock file, shared by every process using one cache directory
/// (or one saved list). flock belongs to the open file description, so callers also hold an
/// in-process mutex.
public final class FileLock: @unchecked Sendable {
    private let fd: Int32

    public init?(path: String) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}

/// Small POSIX helpers the disk cache uses.
enum POSIXFile {
    /// Nanoseconds since the epoch, comparable with file mtimes.
    static func nowNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    struct Stat { var size: Int; var mtime: UInt64; var inode: UInt64 }

    static func fileStat(_ path: String) -> Stat? {
        var st = Glibc.stat()
        guard stat(path, &st) == 0 else { return nil }
        return Stat(size: Int(st.st_size),
                    mtime: UInt64(st.st_mtim.tv_sec) * 1_000_000_000 + UInt64(st.st_mtim.tv_nsec),
                    inode: UInt64(st.st_ino))
    }

    /// The whole file, or nil when it cannot be opened; also its inode (to delete only the file
    /// that was read, not a fresh one another process put in its place).
    static func readAll(_ path: String) -> (bytes: [UInt8], inode: UInt64)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = Glibc.stat()
        guard fstat(fd, &st) == 0 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(st.st_size))
        var done = 0
        while done < out.count {
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            done += n
        }
        if done < out.count { out.removeSubrange(done...) }
        return (out, UInt64(st.st_ino))
    }

    /// Writes `bytes` to a new file at `path` (which must not exist), in chunks.
    static func writeNew(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var done = 0
        let chunk = 1 << 20
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, min(chunk, $0.count - done)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                // A full disk (ENOSPC) or quota: leave no half-written or 0-byte file behind
                // (a 0-byte tmp/PID.index.tmp would stay until the next start).
                let reason = errno
                unlink(path)
                errno = reason   // the caller reports the write's error, not the unlink's
                return false
            }
            done += n
        }
        return true
    }

    /// Sets the modification time to now (the cross-process access time). No fsync.
    static func touch(_ path: String) {
        var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 1 /* UTIME_NOW */), timespec(tv_sec: 0, tv_nsec: (1 << 30) - 1 /* UTIME_NOW */)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    static func listDirectory(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func isProcessAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
