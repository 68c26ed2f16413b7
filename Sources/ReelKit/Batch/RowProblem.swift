/// Why one row of a jobs file cannot be rendered, found before any render: that row fails alone.
public struct RowProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// One reason, at a column of the row when it concerns one.
    public struct Reason: Error, Sendable, Equatable, CustomStringConvertible {
        /// The column (CSV header name or JSONL key) at fault; nil when the row as a whole is.
        public let column: String?
        /// What is wrong, in words.
        public let message: String

        /// `column` nil for a reason of the whole row.
        public init(column: String?, message: String) {
            self.column = column
            self.message = message
        }

        /// `column 'media': ...`.
        public var description: String { (column.map { "column '\($0)': " } ?? "") + message }
    }

    /// The row's number among the jobs file's rows, from 1.
    public let row: Int
    /// The line of the jobs file the row starts on.
    public let line: Int
    /// The row's `id` value (empty when it gives none).
    public let id: String
    /// Every reason found for the row, never empty.
    public let reasons: [Reason]

    /// `row 3 (id lisbon), column 'media': ...; column 'size': ...`.
    public var description: String { "row \(row) (id \(id)), " + reasons.map(\.description).joined(separator: "; ") }
}
