import GRDB

extension CatalogStore {
    /// The SQLite library the catalog runs on (`sqlite_version()`), for `doctor`; "" if unknown.
    public static var sqliteVersion: String {
        (try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }) ?? ""
    }
}
