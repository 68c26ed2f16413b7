import Foundation
import Testing

@testable import DocumentJSON
@testable import TimelineModel

/// A timeline's `blend` and `key` as the reader checks them: catalog words and ranges, each
/// problem at its place, as a template's are.
@Suite struct TimelineBlendKeyTests {
    static func problems(replacing original: String, with replacement: String) throws -> [Diagnostic] {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-3.json")
        #expect(text.components(separatedBy: original).count == 2, "\(original) once in the fixture")
        do {
            _ = try TimelineCodec.decode(text.replacingOccurrences(of: original, with: replacement), file: "t.json")
            return []
        } catch { return error.diagnostics }
    }

    @Test(arguments: [
        ("\"blend\": \"screen\"", "\"blend\": \"lighter\"", DiagnosticCode.unknownChoice, "/clips/2/blend"),
        ("\"blend\": \"multiply\"", "\"blend\": \"mulitply\"", .unknownChoice, "/overlays/0/blend"),
        ("\"blend\": \"softLight\"", "\"blend\": \"soft-light\"", .unknownChoice, "/texts/0/blend"),
        ("\"kind\": \"chroma\"", "\"kind\": \"luma\"", .unknownChoice, "/clips/2/key/kind"),
        ("\"similarity\": 0.3", "\"similarity\": 1.5", .parameterRange, "/clips/2/key/parameters/similarity"),
        ("\"spill\": 0.5", "\"spil\": 0.5", .unknownKey, "/clips/2/key/parameters/spil"),
        ("\"color\": \"#00b140\"", "\"color\": \"green\"", .backgroundColor, "/clips/2/key/color"),
    ])
    func problemIsReportedWhereItIs(original: String, replacement: String, code: DiagnosticCode, pointer: String) throws {
        let found = try Self.problems(replacing: original, with: replacement)
        #expect(found.contains { $0.code == code && $0.location.path?.pointer == pointer }, "\(found.rendered())")
    }

    /// A key's numbers left out take the catalog's defaults, and are written back in full.
    @Test func aKeysDefaultsAreFilledIn() throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-3.json")
            .replacingOccurrences(
                of: "\"parameters\": {\n          \"similarity\": 0.3,\n          \"smoothness\": 0.1,\n          \"spill\": 0.5\n        }",
                with: "\"parameters\": {}")
        let timeline = try TimelineCodec.decode(text)
        #expect(timeline.clips[2].key?.parameters == ["similarity": 0.25, "smoothness": 0.08, "spill": 1])
        #expect(TimelineCodec.encode(timeline).contains("\"similarity\": 0.25"))
    }
}
