import Foundation
import UserDirectories

/// The embedded catalog's SQLite file as built with the package (EmbeddedCatalogPlugin), for
/// `EmbeddedCatalog.open(ready:)` to install on a first launch.
public enum ReadyCatalogFile {
    /// This program's file: beside the executable in its build folder, else the one
    /// `scripts/install.sh` put in `PREFIX/share/marvel-gallery`; nil otherwise (the catalog is
    /// then built at run time).
    public static var url: URL? {
        // SwiftPM's accessor (Bundle.module) stops the program when it finds no bundle; the
        // bundle it prefers sits beside the executable (or the test bundle), so it is looked for
        // there first.
        guard url(besideExecutableIn: Bundle.main.bundleURL) != nil else {
            return UserDirectories.installedData.map { $0.appendingPathComponent(installedName) }
                .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
        }
        return Bundle.module.url(forResource: "embedded-catalog", withExtension: "sqlite")
    }

    /// Its name in an installed program's `share/marvel-gallery` (`scripts/install.sh`).
    public static let installedName = "embedded-catalog.sqlite"

    /// The file that ships with an executable built into `folder` (SwiftPM puts a target's
    /// resources in PACKAGE_TARGET.resources beside it), if there is one.
    public static func url(besideExecutableIn folder: URL) -> URL? {
        let file = folder.appendingPathComponent("marvel-gallery_EmbeddedCatalogFile.resources/embedded-catalog.sqlite")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }
}
