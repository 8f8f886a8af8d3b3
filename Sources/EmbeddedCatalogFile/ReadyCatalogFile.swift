import Foundation

/// The embedded catalog's SQLite file as built with the package (EmbeddedCatalogPlugin), for
/// `EmbeddedCatalog.open(ready:)` to install on a first launch.
public enum ReadyCatalogFile {
    /// This program's file, or nil when it runs away from the build folder it was built in.
    public static var url: URL? {
        // SwiftPM's accessor (Bundle.module) stops the program when it finds no bundle; the
        // bundle it prefers sits beside the executable (or the test bundle), so it is looked for
        // there first, and without it the catalog is built at run time as before.
        guard url(besideExecutableIn: Bundle.main.bundleURL) != nil else { return nil }
        return Bundle.module.url(forResource: "embedded-catalog", withExtension: "sqlite")
    }

    /// The file that ships with an executable built into `folder` (SwiftPM puts a target's
    /// resources in PACKAGE_TARGET.resources beside it), if there is one.
    public static func url(besideExecutableIn folder: URL) -> URL? {
        let file = folder.appendingPathComponent("marvel-gallery_EmbeddedCatalogFile.resources/embedded-catalog.sqlite")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}
