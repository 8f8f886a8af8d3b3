import GRDB

extension CatalogStore {
    /// What an import keeps, numbered: raised when an import keeps something more (3: the
    /// creators' roles of recorded series, story and event lists; 4: the recorded lists'
    /// counts; 5: the names of characters and comics known only from lists; 6: the characters
    /// a story's own record lists, apart from those its comics name; 7: the type a recorded
    /// list gives each story), so catalogs
    /// built from the same files before are built again
    /// (`EmbeddedCatalog.version(of:)`).
    public static let importFormat = 7

    /// The SQLite library the catalog runs on (`sqlite_version()`), for `doctor`; "" if unknown.
    public static var sqliteVersion: String {
        (try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? ""
    }
}
