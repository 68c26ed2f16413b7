import Testing

@testable import DocumentJSON

/// One fixture per validation rule: a template's text with one replacement that must trigger
/// `code` at `place`, with a fix note and a line and column in `template.json`.
struct RuleCase: Sendable, CustomTestStringConvertible {
    let original: String
    let replacement: String
    let code: DiagnosticCode
    /// Where the finding must point: a JSON Pointer (`/slots/0/duration`) or a dotted path (`slots[0].duration`).
    let place: String
    let isPointer: Bool
    var severity: Severity = .error
    var testDescription: String { "\(code.rawValue) \(replacement)" }

    init(original: String, replacement: String, code: DiagnosticCode, pointer: String, severity: Severity = .error) {
        (self.original, self.replacement, self.code, place, isPointer, self.severity) = (original, replacement, code, pointer, true, severity)
    }

    init(original: String, replacement: String, code: DiagnosticCode, path: String, severity: Severity = .error) {
        (self.original, self.replacement, self.code, place, isPointer, self.severity) = (original, replacement, code, path, false, severity)
    }

    /// Checks that `diagnostics` hold this rule's finding, where and as it should be.
    func check(_ diagnostics: [Diagnostic]) throws {
        let d = try #require(diagnostics.first(code), "got \(diagnostics.rendered())")
        #expect(d.severity == severity)
        let found = isPointer ? (d.location.path?.pointer ?? "") : (d.location.path?.description ?? "")
        #expect(found == place, "\(d)")
        #expect(d.location.file?.hasSuffix("/template.json") == true)
        if severity != .note { #expect(d.location.line != nil && d.location.column != nil) }
        #expect(!d.notes.isEmpty, "a fix note")
    }
}
