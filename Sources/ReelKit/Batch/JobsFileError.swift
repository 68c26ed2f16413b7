/// A jobs file that cannot be used as it is: its syntax, its columns, or ids and outputs that clash.
///
/// These concern the file as a whole, so nothing is rendered until they are fixed; problems of
/// single rows (a template that does not load, media not found) fail those rows alone
/// (`RowProblem`). Every problem found is reported at once.
public struct JobsFileError: Error, Sendable, CustomStringConvertible {
    /// One problem, at a line of the file (and a column or key when it concerns one).
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// Line of the jobs file, 1-based; nil for a problem of the whole file (empty, unreadable).
        public let line: Int?
        /// A CSV column (by its header name) or a JSONL key, or a character column for syntax errors.
        public let place: String?
        /// What is wrong, in words.
        public let message: String

        /// `place` nil when the problem concerns the line or the file as a whole.
        public init(line: Int?, place: String? = nil, message: String) {
            self.line = line
            self.place = place
            self.message = message
        }

        public var description: String {
            var s = ""
            if let line { s += "\(line): " }
            if let place { s += "\(place): " }
            return s + message
        }
    }

    /// The jobs file, as the caller named it.
    public let file: String
    /// Every problem found, in file order; never empty.
    public let problems: [Problem]

    /// `problems` must not be empty: an error with none would refuse a file for nothing.
    public init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    /// One line a problem, as `jobs.csv:3: column 'sise': unknown column ...`, or
    /// `jobs.csv: the file is empty` for a problem of no line: the form of a row's problem.
    public var lines: [String] {
        problems.map { "\(file):" + ($0.line == nil ? " " : "") + $0.description }
    }

    public var description: String { lines.joined(separator: "\n") }
}
