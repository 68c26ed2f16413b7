import Synchronization

/// The server's durable record of jobs and uploads in one SQLite file (`<data>/reel.db`): a crash
/// loses no accepted job (WAL, a full sync at every commit). One connection behind a lock serves
/// every thread; each change is one transaction, so another process sees whole changes only.
package final class JobStore: Sendable {
    /// The database's path, as given.
    package let path: String
    private let connection: Mutex<SQLiteConnection>

    /// The columns of a job, in the order `jobs(_:)` reads them.
    static let jobColumns =
        "id, kind, state, request, owner, idempotency_key, created_at, updated_at, started_at, finished_at, attempts, progress, result, error"

    /// Opens or creates the store; a newer user_version than known is refused (kind .other, reason
    /// says so), and so is a symbolic link at `path`.
    package init(path: String) throws(JobStoreError) {
        self.path = path
        let connection = try SQLiteConnection(path: path)
        try JobSchema.prepare(connection)
        self.connection = Mutex(connection)
    }

    /// Runs `body` with the connection, the lock held.
    @discardableResult
    func locked<T: Sendable>(_ body: (SQLiteConnection) throws(JobStoreError) -> T) throws(JobStoreError) -> T {
        try connection.withLock { (connection) throws(JobStoreError) -> T in try body(connection) }
    }

    /// Accepts a job as `queued`. With an idempotency key: if (owner, key) already exists, returns
    /// that job and created=false when the kind and request text are identical, else throws kind
    /// .conflict. The same key of another owner is another job.
    package func submit(kind: String, request: String, owner: String?, idempotencyKey: String?) throws(JobStoreError) -> (
        job: JobRecord, created: Bool
    ) {
        let operation = "submitting a job"
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) -> (job: JobRecord, created: Bool) in
                if let idempotencyKey {
                    let found = try connection.query(
                        """
                        SELECT \(Self.jobColumns) FROM jobs WHERE idempotency_key IS NOT NULL
                        AND (owner IS NULL) = (? IS NULL) AND ifnull(owner, '') = ifnull(?, '') AND idempotency_key = ?
                        """, [.text(owner), .text(owner), .text(idempotencyKey)], operation, row: Self.jobs(connection))
                    if let existing = found.first {
                        guard existing.kind == kind && existing.request == request else {
                            throw JobStoreError(
                                file: path, operation: operation,
                                reason: "the idempotency key '\(idempotencyKey)' was used for another request (job \(existing.id))",
                                kind: .conflict)
                        }
                        return (existing, false)
                    }
                }
                let now = Int64(WallClock.milliseconds())
                let job = JobRecord(
                    id: JobIDs.make(prefix: "r_"), kind: kind, state: .queued, request: request, owner: owner,
                    idempotencyKey: idempotencyKey, createdAt: now, updatedAt: now)
                try connection.run(
                    """
                    INSERT INTO jobs (id, kind, state, request, owner, idempotency_key, created_at, updated_at, attempts)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
                    """,
                    [
                        .text(job.id), .text(kind), .text(job.state.rawValue), .text(request), .text(owner), .text(idempotencyKey),
                        .integer(now), .integer(now),
                    ], operation)
                return (job, true)
            }
        }
    }

    /// The job of `id`, or nil when there is none.
    package func job(_ id: String) throws(JobStoreError) -> JobRecord? {
        try locked { (connection) throws(JobStoreError) in try Self.job(id, connection, "reading a job") }
    }

    /// Jobs oldest first by id (not newest first); `after` is an id (exclusive) for paging, the
    /// last id of the previous page; state nil = all; `limit` is clamped to 1...1000; with
    /// `owner`, only that owner's jobs (a token sees its own).
    package func list(state: JobState?, limit: Int, after: String?, owner: String? = nil) throws(JobStoreError) -> [JobRecord] {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let owner {
            conditions.append("owner = ?")
            values.append(.text(owner))
        }
        if let state {
            conditions.append("state = ?")
            values.append(.text(state.rawValue))
        }
        if let after {
            conditions.append("id > ?")
            values.append(.text(after))
        }
        values.append(.integer(Int64(min(max(limit, 1), 1000))))
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let sql = "SELECT \(Self.jobColumns) FROM jobs \(filter) ORDER BY id LIMIT ?"
        return try locked { (connection) throws(JobStoreError) in
            try connection.query(sql, values, "listing jobs", row: Self.jobs(connection))
        }
    }

    /// Atomically takes the oldest queued job (only of `kinds` when given), sets it running,
    /// attempts += 1, startedAt now; nil when none is queued. Two claimers never get the same job.
    package func claimNext(kinds: Set<String>? = nil) throws(JobStoreError) -> JobRecord? {
        let operation = "claiming a job"
        var sql = "SELECT id FROM jobs WHERE state = 'queued'"
        var values: [SQLValue] = []
        if let kinds {
            guard !kinds.isEmpty else { return nil }
            // One placeholder per kind: the SQL varies with the count only, never with a value.
            sql += " AND kind IN (" + Array(repeating: "?", count: kinds.count).joined(separator: ", ") + ")"
            values = kinds.sorted().map { .text($0) }
        }
        sql += " ORDER BY id LIMIT 1"
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) -> JobRecord? in
                guard let id = try connection.query(sql, values, operation, row: { (row) throws(JobStoreError) in row.text(0) }).first
                else { return nil }
                let now = Int64(WallClock.milliseconds())
                try connection.run(
                    "UPDATE jobs SET state = 'running', attempts = attempts + 1, started_at = ?, updated_at = ? WHERE id = ?",
                    [.integer(now), .integer(now), .text(id)], operation)
                return try Self.job(id, connection, operation)
            }
        }
    }

    /// Progress of a running job (ignored unless running). Cheap: called a few times a second.
    package func setProgress(_ id: String, _ progress: String) throws(JobStoreError) {
        let operation = "recording a job's progress"
        try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                try connection.run(
                    "UPDATE jobs SET progress = ?, updated_at = ? WHERE id = ? AND state = 'running'",
                    [.text(progress), .integer(Int64(WallClock.milliseconds())), .text(id)], operation)
            }
        }
    }

    /// running → done with result; returns false (and changes nothing) when the job is not running
    /// (cancelled meanwhile): the caller then removes the output. With `webhook`, the job's
    /// webhook becomes due in the same transaction, so no ended job misses its call.
    package func finish(_ id: String, result: String, webhook: String? = nil) throws(JobStoreError) -> Bool {
        try end(id, state: .done, column: "result", value: result, webhook: webhook, operation: "finishing a job")
    }

    /// running → failed with error JSON; false (and nothing changed) when not running. `webhook`
    /// as for `finish`.
    package func fail(_ id: String, error: String, webhook: String? = nil) throws(JobStoreError) -> Bool {
        try end(id, state: .failed, column: "error", value: error, webhook: webhook, operation: "failing a job")
    }

    /// Ends a running job in `state`, writing `value` to `column` (one of this file's names).
    private func end(
        _ id: String, state: JobState, column: String, value: String, webhook: String?, operation: String
    ) throws(JobStoreError) -> Bool {
        let now = Int64(WallClock.milliseconds())
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                let ended =
                    try connection.run(
                        "UPDATE jobs SET state = ?, \(column) = ?, finished_at = ?, updated_at = ? WHERE id = ? AND state = 'running'",
                        [.text(state.rawValue), .text(value), .integer(now), .integer(now), .text(id)], operation) == 1
                if ended, let webhook {
                    _ = try connection.run(
                        "INSERT OR REPLACE INTO webhooks (job_id, url, attempts, next_at) VALUES (?, ?, 0, ?)",
                        [.text(id), .text(webhook), .integer(now)], operation)
                }
                return ended
            }
        }
    }

    /// queued or running → cancelled; returns the job after (nil when no such id). Final jobs are
    /// returned unchanged. A running job's runner learns of it when `finish` or `fail` returns false.
    package func cancel(_ id: String) throws(JobStoreError) -> JobRecord? {
        let operation = "cancelling a job"
        let now = Int64(WallClock.milliseconds())
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                try connection.run(
                    """
                    UPDATE jobs SET state = 'cancelled', finished_at = ?, updated_at = ?
                    WHERE id = ? AND state IN ('queued', 'running')
                    """, [.integer(now), .integer(now), .text(id)], operation)
                return try Self.job(id, connection, operation)
            }
        }
    }

    /// On start after a crash: every running job back to queued (progress and startedAt cleared,
    /// attempts kept, so the next claim counts a second attempt). Returns how many.
    package func requeueRunning() throws(JobStoreError) -> Int {
        let operation = "requeueing running jobs"
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                try connection.run(
                    "UPDATE jobs SET state = 'queued', progress = NULL, started_at = NULL, updated_at = ? WHERE state = 'running'",
                    [.integer(Int64(WallClock.milliseconds()))], operation)
            }
        }
    }

    /// running → queued for one job (a drain that hit its deadline), as `requeueRunning` does;
    /// false when it was not running.
    package func requeue(_ id: String) throws(JobStoreError) -> Bool {
        let operation = "requeueing a job"
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                try connection.run(
                    """
                    UPDATE jobs SET state = 'queued', progress = NULL, started_at = NULL, updated_at = ?
                    WHERE id = ? AND state = 'running'
                    """, [.integer(Int64(WallClock.milliseconds())), .text(id)], operation) == 1
            }
        }
    }

    /// Jobs per state, every state present (0 when none): for /metrics and /v1/health.
    package func counts() throws(JobStoreError) -> [JobState: Int] {
        let operation = "counting jobs"
        let rows = try locked { (connection) throws(JobStoreError) in
            try connection.query("SELECT state, count(*) FROM jobs GROUP BY state", [], operation) { (row) throws(JobStoreError) in
                (row.text(0), Int(row.integer(1)))
            }
        }
        var counts = Dictionary(uniqueKeysWithValues: JobState.allCases.map { ($0, 0) })
        for (state, count) in rows {
            guard let state = JobState(rawValue: state) else {
                throw JobStoreError(file: path, operation: operation, reason: "a job has the unknown state '\(state)'", kind: .corrupt)
            }
            counts[state] = count
        }
        return counts
    }

    /// Number of queued or running jobs of `owner` (nil: those submitted without one): for
    /// per-token limits.
    package func activeCount(owner: String?) throws(JobStoreError) -> Int {
        try locked { (connection) throws(JobStoreError) in
            try connection.query(
                "SELECT count(*) FROM jobs WHERE owner IS ? AND state IN ('queued', 'running')", [.text(owner)], "counting active jobs"
            ) { (row) throws(JobStoreError) in Int(row.integer(0)) }.first ?? 0
        }
    }

    /// SQLite's own check of the whole file (`PRAGMA integrity_check`): the problems it finds,
    /// none when the database is sound. Slow on a large file: for tests and a health check on start.
    package func integrityProblems() throws(JobStoreError) -> [String] {
        let lines = try locked { (connection) throws(JobStoreError) in
            try connection.query("PRAGMA integrity_check", [], "checking the database's integrity") { (row) throws(JobStoreError) in
                row.text(0)
            }
        }
        return lines == ["ok"] ? [] : lines
    }

    /// Caps the database at `pages` pages (of 4 KiB by default) for this connection, so a test can
    /// reach SQLITE_FULL without filling a disk. SQLite never lowers it below the current size.
    package func limitPages(_ pages: Int) throws(JobStoreError) {
        try locked { (connection) throws(JobStoreError) in
            // PRAGMA takes no bound values; an Int cannot carry SQL.
            try connection.execute("PRAGMA max_page_count = \(pages)", "limiting the database's size")
        }
    }

    /// The job of `id` read on `connection`, whose lock the caller holds.
    static func job(_ id: String, _ connection: SQLiteConnection, _ operation: String) throws(JobStoreError) -> JobRecord? {
        try connection.query("SELECT \(jobColumns) FROM jobs WHERE id = ?", [.text(id)], operation, row: jobs(connection)).first
    }

    /// Reads a job from each row of `jobColumns`; a state this code does not know means a damaged file.
    static func jobs(_ connection: SQLiteConnection) -> (SQLRow) throws(JobStoreError) -> JobRecord {
        { (row) throws(JobStoreError) in
            let id = row.text(0)
            guard let state = JobState(rawValue: row.text(2)) else {
                throw JobStoreError(
                    file: connection.path, operation: "reading a job", reason: "job \(id) has the unknown state '\(row.text(2))'",
                    kind: .corrupt)
            }
            return JobRecord(
                id: id, kind: row.text(1), state: state, request: row.text(3), owner: row.optionalText(4),
                idempotencyKey: row.optionalText(5), createdAt: row.integer(6), updatedAt: row.integer(7),
                startedAt: row.optionalInteger(8), finishedAt: row.optionalInteger(9), attempts: Int(row.integer(10)),
                progress: row.optionalText(11), result: row.optionalText(12), error: row.optionalText(13))
        }
    }
}
