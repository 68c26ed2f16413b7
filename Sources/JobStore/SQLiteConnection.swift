import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value bound to a statement's parameter: values never enter SQL text.
enum SQLValue {
    case text(String)
    case integer(Int64)
    case null

    /// Text, or NULL for nil.
    static func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
    /// An integer, or NULL for nil.
    static func integer(_ value: Int64?) -> SQLValue { value.map { .integer($0) } ?? .null }
}

/// The current row of a stepping statement; valid only inside the closure it is given to.
struct SQLRow {
    fileprivate let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }
}

/// One SQLite connection: statements prepared once and kept, values bound, every failure turned
/// into a JobStoreError carrying SQLite's message. Not thread-safe: JobStore holds it under a lock.
final class SQLiteConnection {
    let path: String
    private let database: OpaquePointer
    /// Prepared statements by their SQL, reset after each use.
    private var statements: [String: OpaquePointer] = [:]

    /// SQLITE_TRANSIENT: SQLite copies bound text before the Swift buffer goes away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens (creating if needed) the database at `path`; a symbolic link there is refused.
    init(path: String) throws(JobStoreError) {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else {
            throw JobStoreError(file: path, operation: "opening", reason: "SQLite could not allocate a connection", kind: .other)
        }
        guard code == SQLITE_OK else {
            let reason = String(cString: sqlite3_errmsg(handle))
            let kind = Self.kind(code, systemError: sqlite3_system_errno(handle))
            sqlite3_close_v2(handle)
            throw JobStoreError(file: path, operation: "opening", reason: reason, kind: kind)
        }
        database = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(database)
    }

    /// The error for a failed call, read at once, before another call replaces SQLite's message.
    func failure(_ code: Int32, _ operation: String) -> JobStoreError {
        JobStoreError(
            file: path, operation: operation, reason: String(cString: sqlite3_errmsg(database)),
            kind: Self.kind(code, systemError: sqlite3_system_errno(database)))
    }

    /// How a caller should treat a result code; an I/O error whose system call failed for want of
    /// space (ENOSPC) is `.full` too. The system error is read for I/O errors only: it may be stale.
    static func kind(_ code: Int32, systemError: Int32) -> JobStoreError.Kind {
        if code & 0xFF == SQLITE_IOERR && systemError == ENOSPC { return .full }
        switch code & 0xFF {
        case SQLITE_FULL: return .full
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt
        default: return .other
        }
    }

    /// Runs SQL without values (schema, pragmas, BEGIN and COMMIT); rows it returns are ignored.
    func execute(_ sql: String, _ operation: String) throws(JobStoreError) {
        let code = sqlite3_exec(database, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code, operation) }
    }

    /// Runs one statement with `values` bound in order, calling `row` for each result row.
    func query<T>(
        _ sql: String, _ values: [SQLValue], _ operation: String, row: (SQLRow) throws(JobStoreError) -> T
    ) throws(JobStoreError) -> [T] {
        let statement = try prepared(sql, operation)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(values, to: statement, operation)
        var rows: [T] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code, operation) }
            rows.append(try row(SQLRow(statement: statement)))
        }
    }

    /// Runs one statement that returns no rows; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue], _ operation: String) throws(JobStoreError) -> Int {
        _ = try query(sql, values, operation) { (_) throws(JobStoreError) in () }
        return Int(sqlite3_changes64(database))
    }

    /// Runs `body` in a write transaction (BEGIN IMMEDIATE, so the write lock is taken at once and
    /// waits out the busy timeout); any failure rolls it back whole.
    func transaction<T>(_ operation: String, _ body: () throws(JobStoreError) -> T) throws(JobStoreError) -> T {
        try execute("BEGIN IMMEDIATE", operation)
        do {
            let value = try body()
            try execute("COMMIT", operation)
            return value
        } catch {
            // A failed COMMIT or statement may leave the transaction open; SQLite may also have
            // rolled it back already (SQLITE_FULL), when there is nothing left to undo.
            if sqlite3_get_autocommit(database) == 0 { sqlite3_exec(database, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    private func prepared(_ sql: String, _ operation: String) throws(JobStoreError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code, operation) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ values: [SQLValue], to statement: OpaquePointer, _ operation: String) throws(JobStoreError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null:
                code = sqlite3_bind_null(statement, index)
            case .integer(let integer):
                code = sqlite3_bind_int64(statement, index, integer)
            case .text(let text):
                var text = text
                code = text.withUTF8 { bytes in
                    // An empty buffer may have no address, which SQLite would bind as NULL.
                    guard let base = bytes.baseAddress, bytes.count > 0 else {
                        return sqlite3_bind_text(statement, index, "", 0, Self.transient)
                    }
                    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text64(statement, index, $0, sqlite3_uint64(bytes.count), Self.transient, UInt8(SQLITE_UTF8))
                    }
                }
            }
            guard code == SQLITE_OK else { throw failure(code, operation) }
        }
    }
}
