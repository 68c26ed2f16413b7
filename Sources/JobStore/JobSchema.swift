/// The database's tables, and the version (`PRAGMA user_version`) that names them: a store refuses
/// a database of a newer version, whose meaning it cannot know.
enum JobSchema {
    /// The version this code writes and reads. Raising it needs a migration from every older one.
    static let version: Int64 = 3

    /// Version 1's tables (version 2 adds `webhookTables`, version 3 `uploadOwner`). Times are milliseconds since 1970; JSON fields are stored as text. The
    /// idempotency index treats a missing owner as its own owner, unlike NULLs in a plain
    /// unique index, which never collide.
    static let tables = """
        CREATE TABLE IF NOT EXISTS jobs (
            id TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
            request TEXT NOT NULL,
            owner TEXT,
            idempotency_key TEXT,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            started_at INTEGER,
            finished_at INTEGER,
            attempts INTEGER NOT NULL DEFAULT 0,
            progress TEXT,
            result TEXT,
            error TEXT
        );
        CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, id);
        CREATE INDEX IF NOT EXISTS jobs_by_owner ON jobs (owner, state);
        CREATE UNIQUE INDEX IF NOT EXISTS jobs_by_idempotency_key
            ON jobs (owner IS NULL, ifnull(owner, ''), idempotency_key) WHERE idempotency_key IS NOT NULL;
        CREATE TABLE IF NOT EXISTS uploads (
            id TEXT PRIMARY KEY NOT NULL,
            file_name TEXT NOT NULL,
            path TEXT NOT NULL,
            size INTEGER NOT NULL DEFAULT 0,
            probe TEXT NOT NULL DEFAULT '',
            complete INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL
        );
        """

    /// Version 2: a job's webhook, due until delivered or given up, and each delivery attempt.
    static let webhookTables = """
        CREATE TABLE IF NOT EXISTS webhooks (
            job_id TEXT PRIMARY KEY NOT NULL,
            url TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            next_at INTEGER NOT NULL,
            delivered_at INTEGER,
            gave_up INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS webhooks_due ON webhooks (delivered_at, gave_up, next_at);
        CREATE TABLE IF NOT EXISTS webhook_deliveries (
            job_id TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            at INTEGER NOT NULL,
            status INTEGER,
            error TEXT,
            PRIMARY KEY (job_id, attempt)
        );
        """

    /// Version 3: the token an upload came with, so another token cannot name it (NULL without tokens).
    static let uploadOwner = "ALTER TABLE uploads ADD COLUMN owner TEXT"

    /// Sets the connection up (durability first: WAL, a full sync at every commit, 5 s of waiting
    /// for a lock) and creates the tables on a new database, or refuses one of a newer version.
    static func prepare(_ connection: SQLiteConnection) throws(JobStoreError) {
        try connection.execute("PRAGMA busy_timeout = 5000", "opening")
        let mode = try connection.query("PRAGMA journal_mode = WAL", [], "opening") { (row) throws(JobStoreError) in row.text(0) }
        guard mode.first?.lowercased() == "wal" else {
            throw JobStoreError(
                file: connection.path, operation: "opening",
                reason: "the database cannot use write-ahead logging (journal mode is \(mode.first ?? "unknown"))", kind: .other)
        }
        try connection.execute("PRAGMA synchronous = FULL", "opening")
        try connection.transaction("creating the tables") { () throws(JobStoreError) in
            let found = try userVersion(connection)
            if found < version {
                if found == 0 { try connection.execute(tables, "creating the tables") }
                // Version 1 to 2: the webhook tables.
                if found < 2 { try connection.execute(webhookTables, "creating the tables") }
                // Version 2 to 3: uploads keep their token.
                try connection.execute(uploadOwner, "creating the tables")
                // PRAGMA takes no bound values; the version is this file's constant.
                try connection.execute("PRAGMA user_version = \(version)", "creating the tables")
            } else if found > version {
                throw JobStoreError(
                    file: connection.path, operation: "opening",
                    reason: "the database's schema version is \(found), newer than this Reel knows (\(version))", kind: .other)
            }
        }
    }

    static func userVersion(_ connection: SQLiteConnection) throws(JobStoreError) -> Int64 {
        try connection.query("PRAGMA user_version", [], "reading the schema version") { (row) throws(JobStoreError) in row.integer(0) }
            .first ?? 0
    }
}
