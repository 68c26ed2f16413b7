/// Why the store could not do something, with the database and the operation, so a server can log
/// it whole and map `kind` to a status (507 for `.full`, 503 for `.busy`, 409 for `.conflict`).
package struct JobStoreError: Error, Sendable, CustomStringConvertible {
    /// The database's path.
    package var file: String
    /// What was being done, as a phrase: "opening", "submitting a job", ...
    package var operation: String
    /// SQLite's message, or a plain reason when the store itself refused.
    package var reason: String
    /// What the caller should do about it: answer, retry later, or stop writing.
    package var kind: Kind

    /// The failures a caller treats differently; everything else is `.other`.
    package enum Kind: Sendable {
        /// The disk (or the page limit) is full: SQLITE_FULL, or a write that failed with ENOSPC.
        case full
        /// Another connection held the database past the busy timeout (5 s).
        case busy
        /// The file is damaged or not a database.
        case corrupt
        /// An idempotency key reused with another request, or an id that already exists.
        case conflict
        /// Anything else, such as a refused newer schema or a missing upload: reported as is.
        case other
    }

    /// Every field given: for the store, and for tests of the code that reports these errors.
    package init(file: String, operation: String, reason: String, kind: Kind) {
        self.file = file
        self.operation = operation
        self.reason = reason
        self.kind = kind
    }

    /// The whole error on one line, as logs print it.
    package var description: String { "\(file): \(operation): \(reason)" }
}
