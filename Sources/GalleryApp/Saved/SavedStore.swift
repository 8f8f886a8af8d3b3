import CacheKit
import Foundation
import MarvelAPI
import Synchronization
import TerminalUI
import UserDirectories

/// The favourites and the history on disk: `favourites.json` and `history.json` in
/// `$XDG_DATA_HOME/marvel-gallery/` (default `~/.local/share/marvel-gallery/`), each written
/// whole to a temporary file and renamed over the old one, so a crash never leaves half a file.
///
/// Several galleries can run at once on the same files: every save takes an exclusive `flock`
/// on a lock file beside them, re-reads the list and merges this run's changes into it (what
/// this run added, changed or removed since the base it started from), so one gallery's star
/// never erases another's. An open saved grid reads the file again when it changes (`reread`).
///
/// A file that cannot be used (not JSON, larger than `maxBytes`, a directory, unreadable,
/// read-only) is never overwritten: that list is kept in memory for the run and `load` says why
/// once, so what the user saved is not lost to a write over a file we could not read.
public final class SavedStore: Sendable {
    public let directory: URL
    /// Larger than any real list (100 history entries are ~40 KB; 10,000 favourites ~4 MB).
    public static let maxBytes = 8 << 20
    /// Lists whose file could not be used, and why: kept in memory, never written.
    private let memoryOnly: Mutex<[SavedList: SavedStoreProblem]>
    /// The newest revision of each list on disk; writes go one at a time under this lock, so a
    /// late write of an older revision (an effect still running at exit) never replaces a newer.
    private let written: Mutex<[SavedList: Int]>
    /// Each list as this run last knew it (read, or handed to `save`): what a save differs from
    /// it by is this run's own change; anything else in the file is another run's.
    private let known: Mutex<[SavedList: [SavedEntry]]>

    public init(directory: URL) {
        self.directory = directory
        self.memoryOnly = Mutex([:])
        self.written = Mutex([:])
        self.known = Mutex([:])
    }

    /// `$XDG_DATA_HOME/marvel-gallery` (an absolute path, as the XDG spec asks) or
    /// `~/.local/share/marvel-gallery` (`UserDirectories`).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserDirectories.appData(environment)
    }

    public func file(_ list: SavedList) -> URL {
        directory.appendingPathComponent(list == .favourites ? "favourites.json" : "history.json")
    }

    /// Both lists, and one problem per file that could not be used.
    public func load() -> (SavedLists, [SavedStoreProblem]) {
        var problems: [SavedStoreProblem] = []
        var lists: [SavedList: [SavedEntry]] = [:]
        for list in SavedList.allCases {
            do {
                let entries = try read(list)
                lists[list] = entries
                known.withLock { $0[list] = entries }
            } catch let problem as SavedStoreProblem {
                problems.append(problem)
                memoryOnly.withLock { $0[list] = problem }
                if case .readOnly(_, let entries) = problem.reason { lists[list] = entries }
            } catch {
                let problem = SavedStoreProblem(list: list, reason: .unreadable("\(error)"))
                problems.append(problem)
                memoryOnly.withLock { $0[list] = problem }
            }
        }
        return (SavedLists(favourites: lists[.favourites] ?? [], history: lists[.recent] ?? []), problems)
    }

    /// Whether `list` is kept in memory only this run (its file could not be used).
    public func isMemoryOnly(_ list: SavedList) -> Bool { memoryOnlyReason(list) != nil }

    /// Why `list` is kept in memory only (its file could not be read, or a write failed).
    public func memoryOnlyReason(_ list: SavedList) -> SavedStoreProblem? { memoryOnly.withLock { $0[list] } }

    /// Writes `entries` as `list`, merged with what other runs saved meanwhile (nothing for a
    /// list kept in memory): `base` is the list `entries` were changed from (the app's last
    /// reading of the file; nil: what this store last read or saved). Returns the list as
    /// written. Throws the reason a write failed; the list is then kept in memory for the rest
    /// of the run.
    @discardableResult
    public func save(_ list: SavedList, _ entries: [SavedEntry], since base: [SavedEntry]? = nil, revision: Int? = nil) throws -> [SavedEntry] {
        guard !isMemoryOnly(list) else { return entries }
        do {
            return try written.withLock { (written: inout [SavedList: Int]) throws -> [SavedEntry] in
                if let revision {
                    if let last = written[list], last >= revision { return entries }
                    written[list] = revision
                }
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                // A file of its own to lock: the list's file is replaced by each write.
                guard let lock = FileLock(path: directory.appendingPathComponent(".\(file(list).lastPathComponent).lock").path) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
                }
                return try lock.withLock {
                    let base = base ?? known.withLock { $0[list] } ?? []
                    let merged = Self.merge(entries, since: base, into: try read(list), limit: list == .recent ? SavedLists.historyLimit : nil)
                    try write(list, merged)
                    known.withLock { $0[list] = entries }
                    return merged
                }
            }
        } catch let problem as SavedStoreProblem {
            // The file went bad since it was read (another run, a hand edit): not overwritten.
            memoryOnly.withLock { $0[list] = problem }
            throw problem
        } catch {
            let problem = SavedStoreProblem(list: list, reason: .notWritten(Self.reason(error)))
            memoryOnly.withLock { $0[list] = problem }
            throw problem
        }
    }

    /// `ours` (this run's list, changed from `base`) merged into `theirs` (the file now): a
    /// three-way merge. This run's additions and changes (an entry not in `base`, or with
    /// another time: a page opened again) win; what it removed since `base` stays out; the rest
    /// is the file's, so what another run added, changed or removed meanwhile holds. Newest
    /// first, cut to `limit`.
    public static func merge(_ ours: [SavedEntry], since base: [SavedEntry], into theirs: [SavedEntry], limit: Int?) -> [SavedEntry] {
        struct Key: Hashable { let kind: String, id: Int }
        let key = { (entry: SavedEntry) in Key(kind: entry.kind, id: entry.id) }
        let baseTimes = Dictionary(base.map { (key($0), $0.at) }, uniquingKeysWith: { a, _ in a })
        let changed = ours.filter { baseTimes[key($0)] != $0.at }
        let mine = Set(changed.map(key))
        let removed = Set(base.map(key)).subtracting(ours.map(key))
        let others = theirs.filter { !mine.contains(key($0)) && !removed.contains(key($0)) }
        // Both are newest first: merged as in a merge sort, so each keeps its own order.
        var merged: [SavedEntry] = []
        merged.reserveCapacity(changed.count + others.count)
        var i = changed.startIndex, j = others.startIndex
        while i < changed.endIndex || j < others.endIndex {
            if j == others.endIndex || (i < changed.endIndex && changed[i].at >= others[j].at) {
                merged.append(changed[i]); i += 1
            } else {
                merged.append(others[j]); j += 1
            }
        }
        return limit.map { Array(merged.prefix($0)) } ?? merged
    }

    /// Which version of a list's file was read: a write replaces the file (a new inode) and
    /// sets its time, so a changed file has another stamp.
    public struct FileStamp: Equatable, Sendable {
        let inode: UInt64
        let seconds: Int
        let nanoseconds: Int
        let size: Int64
    }

    /// The stamp of `list`'s file now (nil: there is none).
    public func stamp(_ list: SavedList) -> FileStamp? {
        var info = stat()
        guard stat(file(list).path, &info) == 0 else { return nil }
        return FileStamp(inode: UInt64(info.st_ino), seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec),
                         size: Int64(info.st_size))
    }

    /// `list` as its file holds it now, when its stamp differs from `since` (another run, or
    /// this one, wrote it); nil when it did not change, has gone, or cannot be read (the next
    /// save says why). Writes replace the file whole, so no lock is needed to read one.
    public func reread(_ list: SavedList, since: FileStamp?) -> (entries: [SavedEntry], stamp: FileStamp)? {
        guard !isMemoryOnly(list), let before = stamp(list), before != since,
              let entries = try? read(list), stamp(list) == before else { return nil }
        return (entries, before)
    }

    func read(_ list: SavedList) throws -> [SavedEntry] {
        let url = file(list)
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        if isDirectory.boolValue { throw SavedStoreProblem(list: list, reason: .directory) }
        // A FIFO, a device or a socket: opening one would wait for a writer (or read forever).
        if let kind = Self.notARegularFile(url.path) { throw SavedStoreProblem(list: list, reason: .unreadable(kind)) }
        let attributes = try? manager.attributesOfItem(atPath: url.path)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        if size > Self.maxBytes { throw SavedStoreProblem(list: list, reason: .tooLarge(size)) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SavedStoreProblem(list: list, reason: .unreadable(Self.reason(error)))
        }
        // A file that grew between the size check and the read is refused the same way.
        if data.count > Self.maxBytes { throw SavedStoreProblem(list: list, reason: .tooLarge(data.count)) }
        let entries: [SavedEntry]
        do {
            // Names as every name is shown: a hand-edited file's escapes never reach a grid.
            entries = try Self.decoder.decode(SavedFile.self, from: data).entries.map(\.cleaned)
        } catch {
            throw SavedStoreProblem(list: list, reason: .corrupt)
        }
        // Read-only (by its permission bits: root may write anything, the user's wish still counts).
        let permissions = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0o644
        if permissions & 0o222 == 0 { throw SavedStoreProblem(list: list, reason: .readOnly(list, entries)) }
        return entries
    }

    /// What the file at `path` is when it is not a regular file (following a link), else nil.
    static func notARegularFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: return "a device, not a regular file"
        case S_IFSOCK: return "a socket, not a regular file"
        default: return "not a regular file"
        }
    }

    func write(_ list: SavedList, _ entries: [SavedEntry]) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = try Self.encoder.encode(SavedFile(entries: entries))
        let url = file(list)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Entries as the files hold them (ISO 8601 times), for `--json`.
    public static func json(_ entries: [SavedEntry]) throws -> String {
        String(decoding: try encoder.encode(entries), as: UTF8.self)
    }

    static func reason(_ error: Error) -> String { FileErrorReason.of(error) }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// The file's shape: a version, so a later change of it can be read.
struct SavedFile: Codable {
    var version = 1
    var entries: [SavedEntry]
}

/// Why a saved list's file could not be used; the status line says it once.
public struct SavedStoreProblem: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        case corrupt
        case tooLarge(Int)
        case directory
        case unreadable(String)
        /// Read, but its permissions forbid writing: its entries are shown, changes stay in memory.
        case readOnly(SavedList, [SavedEntry])
        case notWritten(String)
    }

    public let list: SavedList
    public let reason: Reason

    /// The status line's sentence, in the user's language (the technical detail as it is).
    public func text(_ strings: Strings, path: String) -> String {
        strings.text(.savedProblem, path, why(strings))
    }

    /// What went wrong, without the file's name: "cannot be written (No space left on device)".
    public func why(_ strings: Strings) -> String {
        switch reason {
        case .corrupt: strings[.savedCorrupt]
        case .tooLarge(let bytes): strings.text(.savedTooLarge, strings.number(bytes))
        case .directory: strings[.savedDirectory]
        case .unreadable(let detail): strings.text(.savedUnreadable, detail)
        case .readOnly: strings[.savedReadOnly]
        case .notWritten(let detail): strings.text(.savedNotWritten, detail)
        }
    }
}
