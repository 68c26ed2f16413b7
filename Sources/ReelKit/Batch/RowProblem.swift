/// Why one row of a jobs file cannot be rendered, found before any render: that row fails alone.
public struct RowProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// One reason, at a column of the row when it concerns one.
    public struct Reason: Error, Sendable, Equatable, CustomStringConvertible {
        public let column: String?
        public let message: String

        public init(column: String?, message: String) {
            self.column = column
            self.message = message
        }

        /// `column 'media': ...`.
        public var description: String { (column.map { "column '\($0)': " } ?? "") + message }
    }

    public let row: Int
    /// The line of the jobs file the row starts on.
    public let line: Int
    public let id: String
    public let reasons: [Reason]

    /// `row 3 (id lisbon), column 'media': ...; column 'size': ...`.
    public var description: String { "row \(row) (id \(id)), " + reasons.map(\.description).joined(separator: "; ") }
}
