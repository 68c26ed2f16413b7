/// How much a finding matters.
///
/// Errors stop the work; warnings are reported and become failures under `--strict`; notes only inform.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding is: the file, the JSON path in it, and the line and column when known.
public struct SourceLocation: Sendable, Hashable {
    /// The file the finding is in, printed first so editors and terminals link to it; nil for findings about no file.
    package var file: String?
    /// The value the finding is about; the line and column are looked up from it when the document is at hand.
    package var path: JSONPath?
    /// 1-based line in the file; nil when unknown (then the column is not shown either).
    package var line: Int?
    /// 1-based column, counted in Unicode scalars like `TextPosition`; shown only with a line.
    package var column: Int?

    /// Every part is optional: a finding about the whole run has no location at all.
    public init(file: String? = nil, path: JSONPath? = nil, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.path = path
        self.line = line
        self.column = column
    }

    /// Takes the line and column from a parser or source-map position; a nil position leaves both unknown.
    public init(file: String?, path: JSONPath?, position: TextPosition?) {
        self.init(file: file, path: path, line: position?.line, column: position?.column)
    }
}

/// One finding about a template or a resolution: a value, collected, never thrown.
///
/// Validation reports every problem at once, so an author fixes them in one round.
public struct Diagnostic: Sendable, Hashable {
    /// Decides whether the run fails: errors always, warnings only under `--strict`.
    package var severity: Severity
    /// Stable code (`T034`) that documentation and scripts match on: the message may be reworded, the code keeps its meaning.
    package var code: DiagnosticCode
    /// One line saying what is wrong, lower case, without the location (the description adds it).
    package var message: String
    /// Where the problem is; empty when the finding is about the run rather than a place in a file.
    package var location: SourceLocation
    /// Further lines: how to fix it, what was expected.
    package var notes: [String]

    /// A finding `message` about the value at `location`; `notes` follow as indented lines, fix first.
    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String,
        at location: SourceLocation = SourceLocation(), notes: [String] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `template.json:12:20: error[T034]: /slots/2/duration: must be positive`, then one indented
    /// `note:` line per note: the form compilers use, which editors and terminals link to the place.
    public var description: String {
        var prefix = ""
        if let file = location.file {
            prefix = file
            if let line = location.line {
                prefix += ":\(line)"
                if let column = location.column { prefix += ":\(column)" }
            }
            prefix += ": "
        }
        var text = "\(prefix)\(severity.rawValue)[\(code.rawValue)]: "
        if let path = location.path, !path.isRoot { text += "\(path.pointer): " }
        text += message
        for note in notes { text += "\n  note: \(note)" }
        return text
    }
}

extension Sequence where Element == Diagnostic {
    /// True when any finding is an error, or, with `strict` (`--strict`), a warning.
    package func hasFailures(strict: Bool) -> Bool {
        contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// All findings rendered, one after another, each ending with a newline.
    package func rendered() -> String {
        map { $0.description + "\n" }.joined()
    }
}
