import Foundation

/// A tiny tmpfs mounted for a test, to run out of disk space for real (SQLite error 13, short
/// writes). Needs root and mount(8): `mount` returns nil where that is not allowed, and the
/// caller skips.
public final class SmallDisk {
    public let url: URL

    private init(url: URL) { self.url = url }

    /// Mounts a `megabytes` MB tmpfs on a new folder `name` under `parent` (`readOnly`: mounted
    /// read-only, which stops root too, as permission bits do not).
    public static func mount(megabytes: Int, named name: String = "tiny", under parent: URL, readOnly: Bool = false) throws -> SmallDisk? {
        let url = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let r = try Spawn.status(["/bin/mount", "-t", "tmpfs", "-o", "size=\(megabytes)m" + (readOnly ? ",ro" : ""), "tmpfs", url.path])
        return r.status == 0 ? SmallDisk(url: url) : nil
    }

    deinit { _ = try? Spawn.status(["/bin/umount", url.path]) }
}
