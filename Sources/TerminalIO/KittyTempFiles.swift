import Foundation
import Synchronization
import TerminalUI

/// The real `KittyPictureFiles`: one private directory per run (mode 0700, made by
/// `mkdtemp`) in `$TMPDIR` or /tmp, with "tty-graphics-protocol" in its name, which kitty
/// requires before it deletes a `t=t` file it has read. Each picture is a new file (`O_EXCL`,
/// 0600). kitty deletes the files it reads; `removeAll` (on leaving the terminal) removes
/// whatever it did not read and the directory, so nothing is left behind after exit.
///
/// A terminal that does not read them (tmux without passthrough, a terminal that read only
/// the probe) would leave every file in place: 670 files and 29 MB in 15 s of PageDown, and a
/// tmpfs /tmp is memory. So the files not yet read are bounded (`Limits`): past the bound a
/// picture is streamed, and once a file has waited past `unreadAfter` (kitty reads a file as
/// it parses its command) the terminal is taken not to read them: they are removed and every
/// picture is streamed from then on (`takeUnread`).
public final class KittyTempFiles: KittyPictureFiles, Sendable {
    public struct Limits: Sendable {
        public var files: Int
        public var bytes: Int
        public var unreadAfter: Duration
        public init(files: Int = 64, bytes: Int = 16 << 20, unreadAfter: Duration = .seconds(5)) {
            self.files = files
            self.bytes = bytes
            self.unreadAfter = unreadAfter
        }
    }

    /// A file written and not yet read (kitty deletes what it reads).
    private struct Waiting: Sendable {
        var path: String
        var id: UInt32
        var bytes: Int
        var since: ContinuousClock.Instant
    }

    public let directory: String
    public let limits: Limits
    /// What the writers, the late answer and the exit path share.
    private struct State: Sendable {
        var counter = 0
        var removed = false
        var enabled: Bool
        var undecided: Bool
        var waiting: [Waiting] = []
        var waitingBytes = 0

        func roomFor(_ count: Int, _ limits: Limits) -> Bool {
            waiting.count < limits.files && waitingBytes + count <= limits.bytes
        }

        /// Forgets the files the terminal has read (and so deleted).
        mutating func dropRead() {
            for file in waiting where access(file.path, F_OK) != 0 { forgetWaiting(file.path) }
        }

        mutating func forgetWaiting(_ path: String) {
            guard let index = waiting.firstIndex(where: { $0.path == path }) else { return }
            waitingBytes -= waiting[index].bytes
            waiting.remove(at: index)
        }
    }
    private let state: Mutex<State>

    /// A new directory, or nil when none can be made (no writable temporary directory).
    /// Not `enabled`: writes fail (pictures are streamed) until `enable()`. `deciding`: the
    /// file probe's answer is still to come (`decided()` ends it).
    public init?(environment env: [String: String] = ProcessInfo.processInfo.environment, enabled: Bool = true,
                 deciding: Bool = false, limits: Limits = Limits()) {
        guard let parent = Self.privateDirectory(env) else { return nil }
        Self.removeStale(in: parent)
        guard let dir = Self.makeDirectory(in: parent) else { return nil }
        directory = dir
        self.limits = limits
        state = Mutex(State(enabled: enabled, undecided: deciding))
    }

    public var deciding: Bool { state.withLock { $0.undecided } }

    /// The late answer came (or the wait for it ended). True when it was still being awaited.
    @discardableResult
    public func decided() -> Bool {
        state.withLock { state in
            defer { state.undecided = false }
            return state.undecided
        }
    }

    /// Some picture was given a file (the terminal may still be reading it).
    public var used: Bool { state.withLock { $0.counter > 0 } }

    /// From now on pictures are written (a late answer showed the terminal reads our files).
    public func enable() { state.withLock { $0.enabled = true } }

    /// `$TMPDIR` when set (kitty also looks there), else /tmp.
    public static func temporaryDirectory(_ env: [String: String]) -> String {
        let dir = env["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
    }

    /// `$TMPDIR` (or /tmp) `/marvel-gallery-UID`: this user's alone, made 0700 when absent and
    /// used only when it is a directory (not a link) owned by us with no access for others;
    /// nil otherwise (pictures are then streamed). Runs' files live inside it, so the sweep of
    /// what crashed runs left reads only our own entries (another user's 200,000 entries named
    /// like ours in a shared /tmp made every kitty `render` take about 1 s).
    public static func privateDirectory(_ env: [String: String]) -> String? {
        let path = "\(temporaryDirectory(env))/marvel-gallery-\(getuid())"
        if mkdir(path, 0o700) != 0, errno != EEXIST { return nil }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
              info.st_mode & 0o077 == 0 else { return nil }
        return path
    }

    /// Every name starts so, then the owner's process id: `removeStale` finds what a run that
    /// crashed or was killed (SIGKILL) left behind.
    static let prefix = "marvel-gallery-tty-graphics-protocol-"

    static func makeDirectory(in parent: String) -> String? {
        var template = Array("\(parent)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// nil (stream it) when files are off, when as many files or bytes as `limits` allow are
    /// still unread, or when the write fails.
    public func write(_ bytes: [UInt8], id: UInt32) -> String? {
        let directory = directory, limits = limits
        let path: String? = state.withLock { state in
            guard !state.removed, state.enabled else { return nil }
            if !state.roomFor(bytes.count, limits) {
                state.dropRead()
                guard state.roomFor(bytes.count, limits) else { return nil }
            }
            state.counter += 1
            return "\(directory)/\(id)-\(state.counter).png"
        }
        guard let path, Self.writeFile(bytes, to: path) else { return nil }
        state.withLock { state in
            state.waiting.append(Waiting(path: path, id: id, bytes: bytes.count, since: .now))
            state.waitingBytes += bytes.count
        }
        return path
    }

    /// The files still unread, outstanding: what the terminal is sent files for is bounded.
    public var unreadCount: Int { state.withLock { $0.dropRead(); return $0.waiting.count } }

    public func takeUnread() -> [UInt32] {
        let unreadAfter = limits.unreadAfter
        return state.withLock { state in
            while let first = state.waiting.first, access(first.path, F_OK) != 0 { state.forgetWaiting(first.path) }
            guard let oldest = state.waiting.first, oldest.since.duration(to: .now) >= unreadAfter else { return [] }
            state.enabled = false
            let ids = state.waiting.map(\.id)
            for file in state.waiting { unlink(file.path) }
            state.waiting.removeAll()
            state.waitingBytes = 0
            return ids
        }
    }

    /// Writes a new file whole; on any failure (ENOSPC, EDQUOT, the directory gone) removes
    /// what was written and returns false.
    static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var done = 0
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            while done < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        if close(fd) != 0 || !ok {
            unlink(path)
            return false
        }
        return true
    }

    public func discard(_ path: String) {
        guard path.hasPrefix(directory + "/") else { return }
        unlink(path)
        state.withLock { $0.forgetWaiting(path) }
    }

    /// Removes every file the terminal did not read, and the directory. Later writes fail
    /// (pictures are then streamed).
    public func removeAll() {
        let directory = directory
        state.withLock { state in
            guard !state.removed else { return }
            state.removed = true
            state.waiting.removeAll()
            state.waitingBytes = 0
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
                unlink("\(directory)/\(name)")
            }
            rmdir(directory)
            // The user's folder too, when no other run of ours is using it (rmdir removes only
            // an empty folder): nothing is left in $TMPDIR after the last run. A run starting at
            // that moment finds no folder for its files and streams its pictures.
            rmdir((directory as NSString).deletingLastPathComponent)
        }
    }

    deinit { removeAll() }

    /// Directories and probe files of this user's runs whose process is gone (a crash or
    /// SIGKILL skips `removeAll`), removed with what they hold.
    static func removeStale(in parent: String) {
        let uid = getuid()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let pidText = (rest.hasPrefix("probe-") ? rest.dropFirst("probe-".count) : rest).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = "\(parent)/\(name)"
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == uid else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                for file in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { unlink("\(path)/\(file)") }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
    }
}

/// The start-up probe's file: one RGB pixel (`f=24,s=1,v=1`) in a temporary file named as
/// kitty requires, transmitted with `t=t` inside the start-up questions (`TerminalProbe`). A
/// terminal on this machine answers OK and deletes it; one elsewhere answers an error (it
/// cannot open the path) or nothing (tmux does not pass the reply back).
public struct KittyFileProbe: Sendable {
    public let path: String

    /// Makes the file; nil when it cannot be written (a full or read-only /tmp: stream).
    public static func make(environment env: [String: String]) -> KittyFileProbe? {
        guard let dir = KittyTempFiles.privateDirectory(env) else { return nil }
        var template = Array("\(dir)/\(KittyTempFiles.prefix)probe-\(getpid())-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let pixel: [UInt8] = [0, 0, 0]
        let written = pixel.withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, 3) }
        close(fd)
        guard written == 3 else {
            unlink(path)
            return nil
        }
        return KittyFileProbe(path: path)
    }

    /// The question: a query (`a=q`, nothing stored) of the file, id 32.
    public var question: String {
        "\u{1B}_Gi=\(TerminalProbe.fileProbeID),s=1,v=1,a=q,t=t,f=24;\(Data(path.utf8).base64EncodedString())\u{1B}\\"
    }

    /// Whether the terminal deleted the file (kitty does once it has read it).
    public var deleted: Bool { access(path, F_OK) != 0 && errno == ENOENT }

    /// Removes the file when the terminal did not, and the user's folder when nothing else of
    /// ours is in it (a streamed run makes no run folder: the probe was all it held).
    public func remove() {
        unlink(path)
        rmdir((path as NSString).deletingLastPathComponent)
    }
}
