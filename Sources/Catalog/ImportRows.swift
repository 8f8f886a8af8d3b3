import GRDB
import GRDBSQLite

/// The statements an import writes. A plain enum (no raw values) so it hashes as a small
/// integer: the writer keeps each one prepared and keys its "written once" set by it.
enum ImportSQL: CaseIterable {
    case character, comic, seriesEntity, eventEntity, storyEntity, creatorEntity
    case seriesSummary, storySummary, eventSummary, creatorSummary
    case characterComic, characterSeries, characterStory, characterEvent, comicStory, comicEvent
    case comicCreatorRole, comicCreator, entityLink, recordedCount, named

    var sql: String {
        switch self {
        case .character: """
            INSERT INTO character (id, name, name_key, modified, json) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key,
                modified = excluded.modified, json = excluded.json
            """
        case .comic: """
            INSERT INTO comic (id, title, title_key, format, issue_number, is_variant, series_id, digital_id,
                               modified, onsale, foc, json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, title_key = excluded.title_key,
                format = excluded.format, issue_number = excluded.issue_number, is_variant = excluded.is_variant,
                series_id = excluded.series_id, digital_id = excluded.digital_id, modified = excluded.modified,
                onsale = excluded.onsale, foc = excluded.foc, json = excluded.json
            """
        case .seriesEntity:
            "INSERT OR REPLACE INTO series (id, title, start_year, end_year, modified, type, json) VALUES (?, ?, ?, ?, ?, ?, ?)"
        case .eventEntity: "INSERT OR REPLACE INTO event (id, title, modified, start_date, json) VALUES (?, ?, ?, ?, ?)"
        case .storyEntity: "INSERT OR REPLACE INTO story (id, title, type, modified, json) VALUES (?, ?, ?, ?, ?)"
        case .creatorEntity: """
            INSERT OR REPLACE INTO creator (id, full_name, name_key, first_name, middle_name, last_name, suffix, modified, json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        case .seriesSummary: "INSERT OR IGNORE INTO series (id, title, start_year, end_year) VALUES (?, ?, ?, ?)"
        case .storySummary: "INSERT OR IGNORE INTO story (id, title, type) VALUES (?, ?, ?)"
        case .eventSummary: "INSERT OR IGNORE INTO event (id, title) VALUES (?, ?)"
        case .creatorSummary: "INSERT OR IGNORE INTO creator (id, full_name, name_key, first_name, last_name) VALUES (?, ?, ?, ?, ?)"
        case .characterComic: "INSERT OR IGNORE INTO character_comic VALUES (?, ?)"
        case .characterSeries: "INSERT OR IGNORE INTO character_series VALUES (?, ?)"
        case .characterStory: "INSERT OR IGNORE INTO character_story VALUES (?, ?)"
        case .characterEvent: "INSERT OR IGNORE INTO character_event VALUES (?, ?)"
        case .comicStory: "INSERT OR IGNORE INTO comic_story VALUES (?, ?)"
        case .comicEvent: "INSERT OR IGNORE INTO comic_event VALUES (?, ?)"
        case .comicCreatorRole: "INSERT OR REPLACE INTO comic_creator VALUES (?, ?, ?)"
        case .comicCreator: "INSERT OR IGNORE INTO comic_creator (comic_id, creator_id) VALUES (?, ?)"
        case .entityLink: "INSERT OR IGNORE INTO entity_link (a_kind, a_id, b_kind, b_id, role) VALUES (?, ?, ?, ?, ?)"
        case .recordedCount: "INSERT OR REPLACE INTO recorded_count VALUES (?, ?, ?, ?)"
        case .named: "INSERT OR IGNORE INTO named VALUES (?, ?, ?)"
        }
    }
}

/// A value an import binds: what the rows hold (integers, reals, text, NULL), bound by the
/// writer with SQLite's own calls.
enum ImportValue {
    case integer(Int64), real(Double), text(String), null
}

/// The Swift values the import's rows are written from.
protocol ImportBindable {
    var importValue: ImportValue { get }
}

extension Int: ImportBindable { var importValue: ImportValue { .integer(Int64(self)) } }
extension Int64: ImportBindable { var importValue: ImportValue { .integer(self) } }
extension Bool: ImportBindable { var importValue: ImportValue { .integer(self ? 1 : 0) } }
extension Double: ImportBindable { var importValue: ImportValue { .real(self) } }
extension String: ImportBindable { var importValue: ImportValue { .text(self) } }
extension Optional: ImportBindable where Wrapped: ImportBindable {
    var importValue: ImportValue { self?.importValue ?? .null }
}

/// One row an entity writes. `once` names an `INSERT OR IGNORE` row by its key: writing the
/// same key again changes nothing, so the writer skips it without asking SQLite (a catalog's
/// summaries and links repeat: 28,000 statements for 13,000 rows in the embedded catalog).
struct RowWrite {
    struct Key: Hashable {
        let sql: ImportSQL
        let a: Int, b: Int, tag: Int
    }

    let sql: ImportSQL
    let values: [ImportValue]
    let once: Key?

    init(_ sql: ImportSQL, _ values: [any ImportBindable]) {
        self.sql = sql
        self.values = values.map(\.importValue)
        self.once = nil
    }

    /// An `INSERT OR IGNORE` row keyed by `a`, `b` (and `tag`, e.g. the kinds of an entity link).
    init(ignoring sql: ImportSQL, _ values: [any ImportBindable], key a: Int, _ b: Int = 0, tag: Int = 0) {
        self.sql = sql
        self.values = values.map(\.importValue)
        self.once = Key(sql: sql, a: a, b: b, tag: tag)
    }
}

/// Writes prepared rows on the import's one connection: each statement compiled once (by GRDB)
/// and its values bound and stepped with SQLite's own calls (GRDB's per-execution checks and
/// argument binding would be over half of the writer's time), and `INSERT OR IGNORE` rows already
/// written in this import skipped. A file whose savepoint is
/// rolled back forgets the keys it added (`mark` / `rollBack(to:)`), so nothing is skipped
/// that is not in the database.
final class RowWriter {
    private let db: Database
    private var statements: [ImportSQL: Statement] = [:]
    private var written: Set<RowWrite.Key> = []
    private var addedSinceMark: [RowWrite.Key] = []

    init(_ db: Database) { self.db = db }

    func write(_ row: RowWrite) throws {
        if let key = row.once {
            guard written.insert(key).inserted else { return }
            addedSinceMark.append(key)
        }
        let statement: Statement
        if let prepared = statements[row.sql] {
            statement = prepared
        } else {
            statement = try db.makeStatement(sql: row.sql.sql)
            statements[row.sql] = statement
        }
        let handle = statement.sqliteStatement
        for (i, value) in row.values.enumerated() {
            let index = Int32(i + 1)
            let code: Int32
            switch value {
            case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
            case .real(let v): code = sqlite3_bind_double(handle, index, v)
            case .null: code = sqlite3_bind_null(handle, index)
            case .text(var text):
                code = text.withUTF8 { sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
            }
            guard code == SQLITE_OK else { throw error(code, row) }
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else { throw error(code, row) }
    }

    /// SQLite copies the text it is given (the String's bytes are only lent for the call).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func error(_ code: Int32, _ row: RowWrite) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                      sql: row.sql.sql)
    }

    /// Starts a file: keys added from here on are forgotten if its savepoint rolls back.
    func mark() { addedSinceMark.removeAll(keepingCapacity: true) }

    func rollBack() {
        for key in addedSinceMark { written.remove(key) }
        addedSinceMark.removeAll(keepingCapacity: true)
    }
}
