import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The program's one disk cache engine (downloaded pictures, API answers), each kind of entry
/// laid out by its `DiskEntryFormat`. Model: kean/Nuke `Caching/DataCache.swift`, plus what a
/// terminal app shared by several processes needs:
/// - file names are the SHA-256 of the key (`entries/<hex>`), each file carries its key, length
///   and checksum, so truncated or bit-flipped files are detected, deleted and read as misses;
/// - a write that fails (full or read-only disk) leaves no file and is a miss later, never a
///   crash or a corrupt entry; `write` says why;
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
public final class DiskStore<Format: DiskEntryFormat>: @unchecked Sendable {
    public typealias Layout = DiskStoreLayout

    public struct Configuration: Sendable {
        public var directory: URL
        public var layout: Layout
        /// The permissions of the folders made (0o700: answers are the user's business).
        public var folderPermissions: Int
        public var sizeLimit: Int
        public var trimRatio: Double
        /// How stale a file's mtime may get before a read refreshes it.
        public var touchInterval: UInt64
        /// Mutations between automatic index writes (at least; see `noteMutation`).
        public var indexWriteInterval: Int
        public init(directory: URL, sizeLimit: Int = 200 << 20, trimRatio: Double = 0.7,
                    touchInterval: UInt64 = 2_000_000_000, indexWriteInterval: Int = 64,
                    layout: Layout = .standard, folderPermissions: Int = 0o755) {
            self.directory = directory
            self.layout = layout
            self.folderPermissions = folderPermissions
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
    private let lock = Mutex(())
    var entries: [String: EntryInfo] = [:]
    var totalSize = 0
    private var dirStamp: UInt64 = 0
    var dirtyCount = 0
    private var tempCounter = 0
    var events = Events()

    public init(configuration: Configuration) {
        self.configuration = configuration
        let root = configuration.directory.path
        let layout = configuration.layout
        entriesPath = root + "/" + layout.entries
        tmpPath = root + "/" + layout.temporary
        indexPath = root + "/" + layout.index
        let mode = [FileAttributeKey.posixPermissions: configuration.folderPermissions]
        try? FileManager.default.createDirectory(atPath: entriesPath, withIntermediateDirectories: true, attributes: mode)
        try? FileManager.default.createDirectory(atPath: tmpPath, withIntermediateDirectories: true, attributes: mode)
        fileLock = FileLock(path: root + "/" + layout.lock)
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

    // MARK: - Entries

    /// The value, or nil on a miss. A corrupt entry is deleted and reported as a miss.
    public func data(for key: String) -> Format.Value? {
        let name = Self.fileName(forKey: key)
        let path = entriesPath + "/" + name
        guard let (file, inode) = POSIXFile.readAll(path) else {
            lock.withLock { _ in
                if let gone = entries.removeValue(forKey: name) { totalSize -= gone.size }
            }
            return nil
        }
        switch Format.decode(file, key: key) {
        case .some(let data):
            let now = POSIXFile.nowNanos()
            lock.withLock { _ in
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
        case .none:
            removeCorrupt(name: name, inode: inode)
            return nil
        }
    }

    /// Makes `path` and its missing parents; 0, or the errno of the first that could not be made.
    static func makeFolders(_ path: String, mode: mode_t) -> Int32 {
        if mkdir(path, mode) == 0 || errno == EEXIST { return 0 }
        guard errno == ENOENT else { return errno }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return ENOENT }
        let made = makeFolders(parent, mode: mode)
        guard made == 0 else { return made }
        return mkdir(path, mode) == 0 || errno == EEXIST ? 0 : errno
    }

    /// Stores `value` atomically: readers see the old entry, the new one, or none, never half.
    public func store(_ value: Format.Value, for key: String) {
        _ = write(value, for: key)
    }

    /// Stores `value` as `store` does; nil when it was stored (or is larger than the whole
    /// cache, so not kept), else the system's reason the disk refused it ("No space left on
    /// device"), after which the entry is a miss.
    public func write(_ value: Format.Value, for key: String) -> String? {
        let bytes = Format.encode(key: key, value)
        guard bytes.count <= configuration.sizeLimit else { return nil }
        let name = Self.fileName(forKey: key)
        let temp = lock.withLock { _ -> String in
            tempCounter += 1
            return "\(tmpPath)/\(getpid()).\(tempCounter).tmp"
        }
        guard POSIXFile.writeNew(temp, bytes) else {
            var code = errno
            // No folder to write in: why it could not be made (a read-only disk) is the reason,
            // not the write's "No such file or directory".
            if code == ENOENT, case let made = Self.makeFolders(tmpPath, mode: mode_t(configuration.folderPermissions)), made != 0 {
                code = made
            }
            let reason = String(cString: strerror(code))
            unlink(temp)
            lock.withLock { _ in
                events.writeFailures += 1
                if events.firstWriteError == nil { events.firstWriteError = reason }
            }
            return reason
        }
        var refused: String?
        locked {
            reconcileIfChangedElsewhere()
            let target = entriesPath + "/" + name
            guard rename(temp, target) == 0 else {
                refused = String(cString: strerror(errno))
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
        return refused
    }

    public func remove(for key: String) {
        let name = Self.fileName(forKey: key)
        locked {
            reconcileIfChangedElsewhere()
            unlink(entriesPath + "/" + name)
            if let gone = entries.removeValue(forKey: name) { totalSize -= gone.size }
            noteMutation()
        }
    }

    public func removeAll() {
        locked {
            for name in entryNames() { unlink(entriesPath + "/" + name) }
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
        lock.withLock { _ in Info(totalSize: totalSize, entryCount: entries.count, sizeLimit: configuration.sizeLimit) }
    }

    public var eventCounts: Events { lock.withLock { _ in events } }

    /// Whether an entry for `key` is on disk (as this process sees it).
    public func contains(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: path(for: key))
    }

    /// The entry file's path for `key` (tests corrupt it on purpose).
    public func path(for key: String) -> String {
        entriesPath + "/" + Self.fileName(forKey: key)
    }

    /// The file name for a key: hex SHA-256 of its UTF-8 bytes, then the format's suffix.
    static func fileName(forKey key: String) -> String {
        SHA256Digest.fileName(forKey: key) + Format.fileSuffix
    }

    /// The entry files in the entries folder (with the format's suffix, when it has one).
    func entryNames() -> [String] {
        let names = POSIXFile.listDirectory(entriesPath)
        let suffix = Format.fileSuffix
        return suffix.isEmpty ? names : names.filter { $0.hasSuffix(suffix) }
    }

    // MARK: - Internals

    /// Runs `body` holding the in-process mutex and the cross-process flock.
    func locked(_ body: () -> Void) {
        lock.withLock { _ in
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
        let names = Set(entryNames())
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

/// Where the pieces go, by name under the directory.
public struct DiskStoreLayout: Sendable {
    public var entries: String
    public var temporary: String
    public var index: String
    public var lock: String
    /// `entries/`, `tmp/`, `index`, `lock`: a directory of its own.
    public static let standard = DiskStoreLayout(entries: "entries", temporary: "tmp", index: "index", lock: "lock")
    /// `name/`, `name.tmp/`, `name.index`, `name.lock`: beside others in a shared directory.
    public static func named(_ name: String) -> DiskStoreLayout {
        DiskStoreLayout(entries: name, temporary: name + ".tmp", index: name + ".index", lock: name + ".lock")
    }
}
