import Foundation
import Testing

@testable import DocumentJSON

@Suite struct DiagnosticTests {
    @Test func rendersLikeACompiler() {
        let d = Diagnostic(
            .error, .slotDuration, "duration 0s is not positive",
            at: SourceLocation(file: "t/template.json", path: JSONPath("slots[2].duration"), line: 12, column: 20),
            notes: ["use a duration from one frame to 600 seconds", "second note"])
        #expect(
            d.description == """
                t/template.json:12:20: error[T034]: /slots/2/duration: duration 0s is not positive
                  note: use a duration from one frame to 600 seconds
                  note: second note
                """)
        #expect(Diagnostic(.warning, .mediaLeftOut, "x", at: SourceLocation(file: "f")).description == "f: warning[R003]: x")
        #expect(Diagnostic(.note, .videoSlowed, "y").description == "note[R004]: y")
    }

    @Test func pathsAreJSONPointers() {
        #expect(JSONPath("slots[3].transition.duration")?.pointer == "/slots/3/transition/duration")
        #expect(JSONPath.root.appending("a/b").appending("c~d").pointer == "/a~1b/c~0d")
        #expect(JSONPath.root.pointer == "")
    }

    @Test func jsonFormHasEveryPart() throws {
        let d = Diagnostic(
            .warning, .unknownKey, "unknown key 'nmae' is ignored",
            at: SourceLocation(file: "t/template.json", path: JSONPath("slots[0].nmae"), line: 3, column: 7),
            notes: ["did you mean 'name'?"])
        let object = try #require(d.jsonValue.objectValue)
        #expect(object["severity"] == .string("warning"))
        #expect(object["code"] == .string("T013"))
        #expect(object["path"] == .string("/slots/0/nmae"))
        #expect(object["line"] == .number(JSONNumber(3)))
        #expect(object["column"] == .number(JSONNumber(7)))
        #expect(object["notes"] == .array([.string("did you mean 'name'?")]))
    }

    @Test func strictTurnsWarningsIntoFailures() {
        var collector = DiagnosticCollector()
        collector.report(Diagnostic(.note, .videoSlowed, "n"))
        #expect(!collector.hasFailures(strict: true))
        collector.report(Diagnostic(.warning, .unknownKey, "w"))
        #expect(!collector.hasFailures(strict: false))
        #expect(collector.hasFailures(strict: true))
        #expect(!collector.hasErrors)
        collector.report(Diagnostic(.error, .missingKey, "e"))
        #expect(collector.hasFailures(strict: false))
        #expect(collector.diagnostics.map(\.severity) == [.note, .warning, .error])
    }

    @Test func codesAreUniqueAndWellFormed() {
        let raw = DiagnosticCode.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for code in raw { #expect(code.range(of: "^[TRLC][0-9]{3}$", options: .regularExpression) != nil, "\(code)") }
        for code in DiagnosticCode.allCases { #expect(!code.meaning.isEmpty) }
    }

    /// Template and resolver codes in the template format, timeline codes in the timeline format.
    @Test func everyCodeIsDocumented() throws {
        let template = try RepositoryFiles.text("docs/template-format.md")
        let timeline = try RepositoryFiles.text("docs/timeline-format.md")
        for code in DiagnosticCode.allCases {
            let (doc, text) = code.rawValue.hasPrefix("L") ? ("timeline", timeline) : ("template", template)
            #expect(text.contains("| \(code.rawValue) |"), "docs/\(doc)-format.md lacks \(code.rawValue)")
        }
    }
}
