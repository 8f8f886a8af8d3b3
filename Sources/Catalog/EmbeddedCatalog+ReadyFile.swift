import Foundation

extension EmbeddedCatalog {
    /// Copies the ready file (the package build's catalog) to `temporary` and keeps it only if it
    /// holds this fixtures `version`: true when `temporary` is now a complete catalog. On a
    /// mismatch (other fixtures, e.g. `MARVEL_GALLERY_FIXTURES`), an unreadable or missing file,
    /// or a cache disk that cannot take the copy, nothing is left behind and the caller builds.
    static func installReadyFile(_ ready: URL, version: String, at temporary: String) -> Bool {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: temporary).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: ready.path, toPath: temporary)
            // The copy must be writable like a built file (SQLite opens it read-write).
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: temporary)
            // Scoped so the check's connection is closed before the rename.
            let matches = try { try CatalogStore(path: temporary).meta("fixtures-version") == version }()
            if matches { return true }
        } catch {
            // Unreadable, not a catalog, or the disk is full: the caller builds instead.
        }
        removeBuildFiles(temporary)
        return false
    }
}
