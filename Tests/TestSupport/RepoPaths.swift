import Foundation

/// Where tests find the repository, its fixtures and the read-only `../shared` folder.
public enum RepoPaths {
    /// The repository root, found from this file's location (Tests/TestSupport/RepoPaths.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let fixtures: URL = root.appendingPathComponent("Fixtures")

    /// `../shared` beside the repository, or nil on a clone that does not have it
    /// (tests that need it skip with a message).
    public static var shared: URL? {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared")
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue ? url : nil
    }

    /// The built `marvel-gallery` executable of the debug build (the test script builds it first).
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["MARVEL_GALLERY_BIN"] {
            return URL(fileURLWithPath: path)
        }
        return root.appendingPathComponent(".build/debug/marvel-gallery")
    }
}
