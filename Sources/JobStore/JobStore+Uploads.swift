extension JobStore {
    /// The columns of an upload, in the order `uploads(_:)` reads them.
    static let uploadColumns = "id, file_name, path, size, probe, complete, created_at, owner"

    /// Records an upload as begun (complete = false) before its bytes arrive, so a crash leaves a
    /// row naming the partial file. An id already recorded is refused (kind .conflict). `owner` is
    /// the token it came with (nil without tokens): only that token finds it.
    package func beginUpload(id: String, fileName: String, path: String, owner: String? = nil) throws(JobStoreError) {
        let operation = "recording an upload"
        try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                let existing = try connection.query("SELECT 1 FROM uploads WHERE id = ?", [.text(id)], operation) {
                    (_) throws(JobStoreError) in true
                }
                guard existing.isEmpty else {
                    throw JobStoreError(file: self.path, operation: operation, reason: "an upload \(id) exists already", kind: .conflict)
                }
                try connection.run(
                    "INSERT INTO uploads (id, file_name, path, size, probe, complete, created_at, owner) VALUES (?, ?, ?, 0, '', 0, ?, ?)",
                    [.text(id), .text(fileName), .text(path), .integer(Int64(WallClock.milliseconds())), owner.map { .text($0) } ?? .null],
                    operation)
            }
        }
    }

    /// Marks it complete with its size (bytes) and probe JSON. An id with no row (never begun, or
    /// deleted meanwhile) is an error, so the caller does not keep a file nothing refers to.
    package func completeUpload(id: String, size: Int64, probe: String) throws(JobStoreError) {
        let operation = "completing an upload"
        try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                let changed = try connection.run(
                    "UPDATE uploads SET size = ?, probe = ?, complete = 1 WHERE id = ?", [.integer(size), .text(probe), .text(id)],
                    operation)
                guard changed == 1 else {
                    throw JobStoreError(file: self.path, operation: operation, reason: "there is no upload \(id)", kind: .other)
                }
            }
        }
    }

    /// The upload of `id` when complete and `owner`'s (nil: one made without a token); nil when
    /// there is none, it is another token's, or its bytes are still arriving.
    package func upload(_ id: String, owner: String? = nil) throws(JobStoreError) -> UploadRecord? {
        try locked { (connection) throws(JobStoreError) in
            try connection.query(
                "SELECT \(Self.uploadColumns) FROM uploads WHERE id = ? AND complete = 1 AND owner IS ?",
                [.text(id), owner.map { .text($0) } ?? .null], "reading an upload",
                row: Self.uploads(connection)
            ).first
        }
    }

    /// Incomplete uploads (from a crash): returned and deleted in one transaction, so the caller
    /// removes their files. Call it on start, before accepting uploads.
    package func takeIncompleteUploads() throws(JobStoreError) -> [UploadRecord] {
        let operation = "removing incomplete uploads"
        return try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                let incomplete = try connection.query(
                    "SELECT \(Self.uploadColumns) FROM uploads WHERE complete = 0 ORDER BY id", [], operation, row: Self.uploads(connection))
                try connection.run("DELETE FROM uploads WHERE complete = 0", [], operation)
                return incomplete
            }
        }
    }

    /// Forgets an upload, complete or not; nothing happens when there is none. The file is the
    /// caller's to remove.
    package func deleteUpload(_ id: String) throws(JobStoreError) {
        let operation = "deleting an upload"
        try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                try connection.run("DELETE FROM uploads WHERE id = ?", [.text(id)], operation)
            }
        }
    }

    /// Reads an upload from each row of `uploadColumns`.
    static func uploads(_ connection: SQLiteConnection) -> (SQLRow) throws(JobStoreError) -> UploadRecord {
        { (row) throws(JobStoreError) in
            UploadRecord(
                id: row.text(0), fileName: row.text(1), path: row.text(2), size: row.integer(3), probe: row.text(4),
                complete: row.integer(5) != 0, createdAt: row.integer(6), owner: row.isNull(7) ? nil : row.text(7))
        }
    }
}
