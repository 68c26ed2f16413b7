/// One row of a jobs file as written, before it is checked: its values by column (CSV) or key (JSONL).
public struct JobRecord: Sendable, Equatable {
    /// A value: text, or a list (JSONL arrays; a CSV `media` cell split at `;`).
    public enum Value: Sendable, Equatable {
        case text(String)
        case list([String])

        /// The items: a text alone, or the list.
        public var items: [String] {
            switch self {
            case .text(let t): return [t]
            case .list(let l): return l
            }
        }
    }

    /// The row's number among the rows, from 1 (the CSV header is not a row): what shards divide
    /// and the manifest names.
    public let row: Int
    /// The line of the file the row starts on.
    public let line: Int
    /// Values in the order written; a CSV's empty cells are left out (an empty cell is a value not given).
    public let values: [(name: String, value: Value)]

    /// `row` from 1; `values` in the order written, empty CSV cells already left out.
    public init(row: Int, line: Int, values: [(name: String, value: Value)]) {
        self.row = row
        self.line = line
        self.values = values
    }

    /// The value of column or key `name`; nil when the row does not give it.
    public subscript(name: String) -> Value? { values.first { $0.name == name }?.value }

    public static func == (a: JobRecord, b: JobRecord) -> Bool {
        a.row == b.row && a.line == b.line && a.values.map(\.name) == b.values.map(\.name) && a.values.map(\.value) == b.values.map(\.value)
    }
}
