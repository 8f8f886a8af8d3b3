import GRDB

extension CatalogStore {
    /// The schema. Names sort in byte order with the default BINARY collation (Marvel's default
    /// order: `3-D Man` before `A-Bomb (HAS)` before `A.I.M.` before `Aaron Stack`); prefix
    /// search uses the folded `*_key` columns, indexed for range scans.
    /// Link tables `a_b (a_id, b_id)`, keyed by both ids and indexed the other way round.
    private static func linkTables(_ links: [(a: String, b: String, reverseIndex: String)]) -> String {
        links.map { a, b, reverseIndex in
            """
            CREATE TABLE \(a)_\(b) (\(a)_id INTEGER NOT NULL, \(b)_id INTEGER NOT NULL,
                PRIMARY KEY (\(a)_id, \(b)_id)) WITHOUT ROWID;
            CREATE INDEX \(a)_\(b)_by_\(b) ON \(a)_\(b)(\(reverseIndex));
            """
        }.joined(separator: "\n")
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE character (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    modified INTEGER,
                    json TEXT NOT NULL);
                CREATE INDEX character_by_name ON character(name, id);
                CREATE INDEX character_by_name_key ON character(name_key);
                CREATE INDEX character_by_modified ON character(modified);

                CREATE TABLE comic (
                    id INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    title_key TEXT NOT NULL,
                    format TEXT NOT NULL,
                    issue_number REAL NOT NULL DEFAULT 0,
                    is_variant INTEGER NOT NULL DEFAULT 0,
                    series_id INTEGER,
                    digital_id INTEGER NOT NULL DEFAULT 0,
                    modified INTEGER,
                    onsale INTEGER,
                    foc INTEGER,
                    json TEXT NOT NULL);
                CREATE INDEX comic_by_title ON comic(title, id);
                CREATE INDEX comic_by_title_key ON comic(title_key);
                CREATE INDEX comic_by_format ON comic(format COLLATE NOCASE);
                CREATE INDEX comic_by_modified ON comic(modified);
                CREATE INDEX comic_by_onsale ON comic(onsale);
                CREATE INDEX comic_by_series ON comic(series_id);

                CREATE TABLE series (id INTEGER PRIMARY KEY, title TEXT NOT NULL, start_year INTEGER, end_year INTEGER);
                CREATE TABLE story (id INTEGER PRIMARY KEY, title TEXT NOT NULL, type TEXT NOT NULL DEFAULT '');
                CREATE TABLE event (id INTEGER PRIMARY KEY, title TEXT NOT NULL);

                \(linkTables([("character", "comic", "comic_id, character_id"), ("character", "series", "series_id"),
                              ("character", "story", "story_id"), ("character", "event", "event_id"),
                              ("comic", "story", "story_id"), ("comic", "event", "event_id")]))

                -- Image originals stored once by content hash; thumbnails refer to them by the
                -- last component of their Marvel path (e.g. 535fecbbb9784, image_not_available).
                CREATE TABLE image_blob (hash TEXT PRIMARY KEY, bytes BLOB NOT NULL);
                CREATE TABLE image (token TEXT PRIMARY KEY, extension TEXT NOT NULL,
                    hash TEXT NOT NULL REFERENCES image_blob(hash));

                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        }
        // v2: creators, events, series and stories as full entities (their JSON without the
        // lists, which Relations rebuilds) and the comic-creator link with its role.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE creator (
                    id INTEGER PRIMARY KEY,
                    full_name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    first_name TEXT NOT NULL DEFAULT '',
                    middle_name TEXT NOT NULL DEFAULT '',
                    last_name TEXT NOT NULL DEFAULT '',
                    suffix TEXT NOT NULL DEFAULT '',
                    modified INTEGER,
                    json TEXT);
                CREATE INDEX creator_by_name_key ON creator(name_key);
                CREATE TABLE comic_creator (comic_id INTEGER NOT NULL, creator_id INTEGER NOT NULL,
                    role TEXT NOT NULL DEFAULT '', PRIMARY KEY (comic_id, creator_id)) WITHOUT ROWID;
                CREATE INDEX comic_creator_by_creator ON comic_creator(creator_id, comic_id);
                -- Links a recorded series, story, event or creator names that no comic in the
                -- catalog carries (e.g. a series' creators whose comics were never imported).
                CREATE TABLE entity_link (a_kind TEXT NOT NULL, a_id INTEGER NOT NULL, b_kind TEXT NOT NULL,
                    b_id INTEGER NOT NULL, PRIMARY KEY (a_kind, a_id, b_kind, b_id)) WITHOUT ROWID;
                CREATE INDEX entity_link_by_b ON entity_link(b_kind, b_id, a_kind);

                ALTER TABLE series ADD COLUMN modified INTEGER;
                ALTER TABLE series ADD COLUMN type TEXT NOT NULL DEFAULT '';
                ALTER TABLE series ADD COLUMN json TEXT;
                ALTER TABLE story ADD COLUMN modified INTEGER;
                ALTER TABLE story ADD COLUMN json TEXT;
                ALTER TABLE event ADD COLUMN modified INTEGER;
                ALTER TABLE event ADD COLUMN start_date INTEGER;
                ALTER TABLE event ADD COLUMN json TEXT;
                """)
        }
        // v3: the role a recorded series, story or event gives each creator in its own list
        // (one creator pencils one story and writes another), and the type it gives each story
        // (a list may call a story `interiorStory` that its own record calls `story`).
        migrator.registerMigration("v3") { db in
            try db.execute(sql: "ALTER TABLE entity_link ADD COLUMN role TEXT NOT NULL DEFAULT ''")
        }
        // v4: how many items each recorded list said it had (`available`), when the catalog
        // holds fewer of them: a list and its collection answer the recorded count.
        migrator.registerMigration("v4") { db in
            try db.execute(sql: """
                CREATE TABLE recorded_count (kind TEXT NOT NULL, id INTEGER NOT NULL, field TEXT NOT NULL,
                    available INTEGER NOT NULL, PRIMARY KEY (kind, id, field)) WITHOUT ROWID;
                """)
        }
        // v5: characters and comics the catalog knows only by the name a list gave them, so
        // the list's link answers (with the contract's empty values for what is not known).
        migrator.registerMigration("v5") { db in
            try db.execute(sql: """
                CREATE TABLE named (kind TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL,
                    PRIMARY KEY (kind, id)) WITHOUT ROWID;
                """)
        }
        return migrator
    }
}
