import DocumentJSON

/// Why a timeline could not be read: every problem found, each a diagnostic with its code, place
/// and fix.
///
/// A timeline is written by Reel or edited by hand, and read all or nothing: nothing renders from
/// a timeline with any problem, and all of them are reported at once, so that a hand edit is put
/// right in one round.
public struct TimelineCodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The timeline file, when reading from one.
    package var file: String?
    /// Every problem, in the order of the document; never empty.
    package var diagnostics: [Diagnostic]

    /// `diagnostics` must not be empty: an error with no problem would tell the reader nothing to fix.
    public init(file: String?, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    /// One problem: with the file as a whole when `path` is nil (it cannot be read, it is too
    /// large), else with the value at `path`.
    public init(
        file: String?, path: JSONPath?, position: TextPosition?, message: String,
        code: DiagnosticCode = .timelineUnreadable, notes: [String] = []
    ) {
        let location = SourceLocation(file: file, path: path, position: position)
        self.init(file: file, diagnostics: [Diagnostic(.error, code, message, at: location, notes: notes)])
    }

    /// The code of every problem, in order.
    package var codes: [DiagnosticCode] { diagnostics.map(\.code) }

    /// `timeline.json:7:15: error[T015]: /clips/0/speed: ...`, one diagnostic after another.
    public var description: String {
        diagnostics.map { d in d.location.file == nil ? "\(file ?? "timeline"): \(d)" : d.description }.joined(separator: "\n")
    }
}
