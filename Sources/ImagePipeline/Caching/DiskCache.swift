import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The disk cache of downloaded bytes. Model: kean/Nuke `Caching/DataCache.swift`, plus what a
/// terminal app shared by several processes needs:
/// - file names are the SHA-256 of the key (`entries/<hex>`), each file carries its key, length
///   and checksum, so truncated or bit-flipped files are detected and deleted on read;
/// - writes go to `tmp/<pid>.<n>.tmp` and are `rename`d into place (atomic); temp files left by
///   dead processes are removed at start;
/// - the size limit holds while running: a store past the limit sweeps the least recently used
///   entries down to `trimRatio` of it;
/// - access times live in memory and in each file's mtime (set with `utimensat`, at most every
///   few seconds per entry, never an fsync), and in an `index` file written atomically on flush,
///   validated by its own checksum and rebuilt from a directory scan when missing or garbled;
/// - every mutation happens under an `flock` on `lock`, and before mutating, a process reconciles
///   its view with the directory if another process changed it (directory mtime), so several
///   processes can share one directory.
public final class DiskCache: DataCaching, @unchecked Sendable {
    public struct Configuration: Sendable {
        public var directory: URL
        public var sizeLimit: Int
        public var trimRatio: Double
        /// How stale a file's mtime may get before a read refreshes it.
        public var touchInterval: UInt64
        /// Mutations between automatic index writes (at least; see `noteMutation`).
        public var indexWriteInterval: Int
        public init(directory: URL, sizeLimit: Int = 200 << 20, trimRatio: Double = 0.7,
                    touchInterval: UInt64 = 2_000_000_000, indexWriteInterval: Int = 64) {
            self.directory = directory
            self.sizeLimit = sizeLimit
            self.trimRatio = trimRatio
            self.touchInterval = touchInterval
            self.indexWriteInterval = indexWriteInterval
        }
    }

    /// What `cache info` and the tests look at.
    public struct Info: Sendable, Equatable {
        public var totalSize: Int
        public var entryCount: Int
        public var sizeLimit: Int
    }

    /// Counters since this instance opened.
    public struct Events: Sendable, Equatable {
        public var corruptEntriesRemoved = 0
        public var orphanTempFilesRemoved = 0
        public var indexRebuilt = false
        public var sweeps = 0
        public var indexWrites = 0
        /// Entries that could not be written (full or read-only disk): the pictures stay in the
        /// memory cache only.
        public var writeFailures = 0
        /// The system's reason for the first failed write ("No space left on device").
        public var firstWriteError: String?
    }

    struct EntryInfo { var size: Int; var access: UInt64; var touched: UInt64 }

    public let configuration: Configuration
    let entriesPath: String
    let tmpPath: String
    let indexPath: String
    private let fileLock: FileLock?
    private let lock = NSLock()
    var entries: [String: EntryInfo] = [:]
    var totalSize = 0
    private var dirStamp: UInt64 = 0
    var dirtyCount = 0
    private var tempCounter = 0
    var events = Events()

    public init(configuration: Configuration) {
        self.configuration = configuration
        let root = configuration.directory.path
        entriesPath = root + "/entries"
        tmpPath = root + "/tmp"
        indexPath = root + "/index"
        try? FileManager.default.createDirectory(atPath: entriesPath, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: tmpPath, withIntermediateDirectories: true)
        fileLock = FileLock(path: root + "/lock")
        locked {
            removeOrphanTempFiles()
            if !loadIndex() {
                events.indexRebuilt = true
            }
            reconcile(statAll: true)
            if totalSize > configuration.sizeLimit { sweep() }
            writeIndex()
        }
    }

    public convenience init(directory: URL, sizeLimit: Int = 200 << 20) {
        self.init(configuration: Configuration(directory: directory, sizeLimit: sizeLimit))
    }

    // MARK: - DataCaching

    public func data(for key: String) -> [UInt8]? {
        let name = SHA256Digest.fileName(forKey: key)
        let path = entriesPath + "/" + name
        guard let (file, inode) = POSIXFile.readAll(path) else {
            lock.withLock {
                if let gone = entries.removeValue(forKey: name) { totalSize -= gone.size }
            }
            return nil
        }
        switch DiskCacheEntry.decode(file, key: key) {
        case .success(let data):
            let now = POSIXFile.nowNanos()
            lock.withLock {
                var info = entries[name] ?? EntryInfo(size: file.count, access: now, touched: 0)
                if entries[name] == nil { totalSize += file.count }
                info.access = now
                if now &- info.touched > configuration.touchInterval {
                    POSIXFile.touch(path)
                    info.touched = now
                }
                entries[name] = info
            }
            return data
        case .failure:
            removeCorrupt(name: name, inode: inode)
            return nil
        }
    }

    /// Makes `path` and its missing parents; 0, or the errno of the first that could not be made.
    static func makeFolders(_ path: String) -> Int32 {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return 0 }
        guard errno == ENOENT else { return errno }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return ENOENT }
        let made = makeFolders(parent)
        guard made == 0 else { return made }
        return mkdir(path, 0o755) == 0 || errno == EEXIST ? 0 : errno
    }

    public func store(_ data: [UInt8], for key: String) {
        let bytes = DiskCacheEntry.encode(key: key, data: data)
        guard bytes.count <= configuration.sizeLimit else { return }
        let name = SHA256Digest.fileName(forKey: key)
        let temp = lock.withLock { () -> String in
            tempCounter += 1
            return "\(tmpPath)/\(getpid()).\(tempCounter).tmp"
        }
        guard POSIXFile.writeNew(temp, bytes) else {
            var code = errno
            // No folder to write in: why it could not be made (a read-only disk) is the reason,
            // not the write's "No such file or directory".
            if code == ENOENT, case let made = Self.makeFolders(tmpPath), made != 0 { code = made }
            let reason = String(cString: strerror(code))
            unlink(temp)
            lock.withLock {
                events.writeFailures += 1
                if events.firstWriteError == nil { events.firstWriteError = reason }
            }
            return
        }
        locked {
            reconcileIfChangedElsewhere()
            let target = entriesPath + "/" + name
            guard rename(temp, target) == 0 else {
                unlink(temp)
                return
            }
            let now = POSIXFile.nowNanos()
            if let old = entries[name] { totalSize -= old.size }
            entries[name] = EntryInfo(size: bytes.count, access: now, touched: now)
            totalSize += bytes.count
            if totalSize > configuration.sizeLimit { sweep() }
            noteMutation()
        }
    }

    public func remove(for key: String) {
        let name = SHA256Digest.fileName(forKey: key)
        locked {
            reconcileIfChangedElsewhere()
            unlink(entriesPath + "/" + name)
            if let gone = entries.removeValue(forKey: name) { totalSize -= gone.size }
            noteMutation()
        }
    }

    public func removeAll() {
        locked {
            for name in POSIXFile.listDirectory(entriesPath) { unlink(entriesPath + "/" + name) }
            entries.removeAll()
            totalSize = 0
            writeIndex()
            dirStamp = POSIXFile.fileStat(entriesPath)?.mtime ?? 0
        }
    }

    public func flush() {
        locked {
            reconcile(statAll: true)
            writeIndex()
        }
    }

    public var info: Info {
        lock.withLock { Info(totalSize: totalSize, entryCount: entries.count, sizeLimit: configuration.sizeLimit) }
    }

    public var eventCounts: Events { lock.withLock { events } }

    /// Whether an entry for `key` is on disk (as this process sees it).
    public func contains(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: path(for: key))
    }

    /// The entry file's path for `key` (tests corrupt it on purpose).
    public func path(for key: String) -> String {
        entriesPath + "/" + SHA256Digest.fileName(forKey: key)
    }

    // MARK: - Internals

    /// Runs `body` holding the in-process mutex and the cross-process flock.
    func locked(_ body: () -> Void) {
        lock.withLock {
            if let fileLock { fileLock.withLock(body) } else { body() }
        }
    }

    private func removeCorrupt(name: String, inode: UInt64) {
        locked {
            let path = entriesPath + "/" + name
            // Another process may have replaced the bad file with a good one meanwhile.
            if let st = POSIXFile.fileStat(path), st.inode == inode {
                unlink(path)
            }
            if let gone = entries.removeValue(forKey: name) { totalSize -= gone.size }
            events.corruptEntriesRemoved += 1
            noteMutation()
        }
    }

    /// Writes the index after `indexWriteInterval` mutations, or a quarter of the entry count when
    /// that is more: a write costs one line per entry, so a fixed interval made a long walk's
    /// index writes grow with the square of the entries (10 % of `store`). The index is a hint
    /// either way: opening reconciles it with a directory scan, so a crash between writes loses
    /// only access times, as before.
    private func noteMutation() {
        dirStamp = POSIXFile.fileStat(entriesPath)?.mtime ?? 0
        dirtyCount += 1
        if dirtyCount >= max(configuration.indexWriteInterval, entries.count / 4) { writeIndex() }
    }

    private func reconcileIfChangedElsewhere() {
        let stamp = POSIXFile.fileStat(entriesPath)?.mtime ?? 0
        if stamp != dirStamp { reconcile(statAll: false) }
    }

    /// Brings the in-memory view in line with the directory: files that appeared are added,
    /// files that vanished dropped; with `statAll`, sizes and mtimes of every file are refreshed
    /// (a newer mtime from another process's read counts as a newer access).
    func reconcile(statAll: Bool) {
        let names = Set(POSIXFile.listDirectory(entriesPath))
        for name in entries.keys where !names.contains(name) {
            totalSize -= entries.removeValue(forKey: name)!.size
        }
        for name in names where statAll || entries[name] == nil {
            guard let st = POSIXFile.fileStat(entriesPath + "/" + name) else { continue }
            if var info = entries[name] {
                totalSize += st.size - info.size
                info.size = st.size
                info.access = max(info.access, st.mtime)
                entries[name] = info
            } else {
                entries[name] = EntryInfo(size: st.size, access: st.mtime, touched: st.mtime)
                totalSize += st.size
            }
        }
        dirStamp = POSIXFile.fileStat(entriesPath)?.mtime ?? 0
    }

    /// Deletes least recently used entries until the total is at most `trimRatio` of the limit.
    private func sweep() {
        reconcile(statAll: true)
        let target = Int(Double(configuration.sizeLimit) * configuration.trimRatio)
        guard totalSize > target else { return }
        events.sweeps += 1
        for (name, info) in entries.sorted(by: { $0.value.access < $1.value.access }) {
            if totalSize <= target { break }
            unlink(entriesPath + "/" + name)
            entries.removeValue(forKey: name)
            totalSize -= info.size
        }
        writeIndex()
    }

    /// Temp files whose writer is gone (dead pid) or that are older than ten minutes.
    private func removeOrphanTempFiles() {
        let now = POSIXFile.nowNanos()
        for name in POSIXFile.listDirectory(tmpPath) {
            let path = tmpPath + "/" + name
            let pid = Int32(name.split(separator: ".").first ?? "") ?? 0
            let old = (POSIXFile.fileStat(path).map { now &- $0.mtime > 600_000_000_000 }) ?? true
            if pid <= 0 || old || (pid != getpid() && !POSIXFile.isProcessAlive(pid)) {
                unlink(path)
                events.orphanTempFilesRemoved += 1
            }
        }
    }
}
