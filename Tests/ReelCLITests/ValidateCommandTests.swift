import Foundation
import ReelTestSupport
import Testing

/// `reel validate`, `reel catalog` and `reel new-template`, run as a user would.
@Suite struct ValidateCommandTests {
    @Test func shippedTemplatesAreCleanUnderStrict() throws {
        let templates = Reel.repositoryRoot + "/templates"
        let names = try FileManager.default.contentsOfDirectory(atPath: templates).filter {
            FileManager.default.fileExists(atPath: "\(templates)/\($0)/template.json")
        }
        #expect(!names.isEmpty)
        let r = try Reel.run(["validate", "--strict"] + names.sorted().map { "\(templates)/\($0)" })
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func problemsExitOneWithCompilerStyleLines() throws {
        let dir = TemporaryFolder()
        let folder = try makeTemplate(in: dir, slots: [("a", "1"), ("b", "\"2 sec\"")])
        let r = try Reel.run(["validate", folder])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("template.json:2:"), "\(r.stderr)")
        #expect(r.stderr.contains(": error[T033]: /slots/1/duration: '2 sec' is not a time Reel reads"), "\(r.stderr)")
    }

    @Test func aTemplateFileMayBeGivenDirectly() throws {
        let dir = TemporaryFolder()
        let folder = try makeTemplate(in: dir)
        let r = try Reel.run(["validate", folder + "/template.json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("ok"))
    }

    @Test func warningsFailOnlyUnderStrict() throws {
        let dir = TemporaryFolder()
        let folder = try makeTemplate(in: dir)
        let file = folder + "/template.json"
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "\"name\": \"Tiny\"", with: "\"name\": \"Tiny\", \"nmae\": 1")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Reel.run(["validate", folder]).status == 0)
        let strict = try Reel.run(["validate", "--strict", folder])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("warning[T013]") && strict.stderr.contains("did you mean 'name'?"), "\(strict.stderr)")
    }

    @Test func jsonFormatForEditorsAndCI() throws {
        let dir = TemporaryFolder()
        let good = try makeTemplate(in: dir, name: "good")
        let bad = try makeTemplate(in: dir, name: "bad", slots: [("a", "0")])
        let r = try Reel.run(["validate", "--format", "json", good, bad])
        #expect(r.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(document["valid"] as? Bool == false)
        let templates = try #require(document["templates"] as? [[String: Any]])
        #expect(templates.map { $0["valid"] as? Bool } == [true, false])
        let diagnostic = try #require((templates[1]["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["code"] as? String == "T034")
        #expect(diagnostic["path"] as? String == "/slots/0/duration")
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["line"] as? Int == 2)
        #expect((diagnostic["notes"] as? [String])?.isEmpty == false)
    }

    @Test func wrongCallsExitTwo() throws {
        #expect(try Reel.run(["validate"]).status == 2)
        #expect(try Reel.run(["validate", "--format", "xml", "."]).status == 2)
        #expect(try Reel.run(["catalog", "--format", "yaml"]).status == 2)
        #expect(try Reel.run(["new-template"]).status == 2)
    }

    /// Every command that prints text or JSON refuses another `--format` with one message
    /// (`catalog` also prints the schema and the doc tables, and says so in its own).
    @Test func everyFormatCheckSaysTheSame() throws {
        for call in [["validate", "."], ["probe", "clip.mp4"], ["beats", "song.m4a"], ["resolve", "."]] {
            let r = try Reel.run(call + ["--format", "xml"])
            #expect(r.status == 2, "\(call)")
            #expect(r.stderr.contains("--format takes text or json, not 'xml'"), "\(call): \(r.stderr)")
        }
        let catalog = try Reel.run(["catalog", "--format", "xml"])
        #expect(catalog.status == 2)
        #expect(catalog.stderr.contains("--format takes text, json, schema or markdown, not 'xml'"), "\(catalog.stderr)")
    }

    @Test func aMissingFolderIsAProblemFound() throws {
        let r = try Reel.run(["validate", "/nonexistent/reel-template"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent/reel-template: error[T005]: template folder not found"), "\(r.stderr)")
    }

    /// A template.json that is a folder is reported with its code in text and JSON alike.
    @Test func aTemplateFileThatIsAFolderHasACodeInBothFormats() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("odd")
        try FileManager.default.createDirectory(atPath: folder + "/template.json", withIntermediateDirectories: true)
        let text = try Reel.run(["validate", folder])
        #expect(text.status == 1)
        #expect(text.stderr.contains("template.json: error[T005]: not a regular file"), "\(text.stderr)")
        #expect(text.stderr.contains("note: "), "a fix: \(text.stderr)")
        let json = try Reel.run(["validate", "--format", "json", folder])
        #expect(json.status == 1)
        #expect(try Self.codes(json.stdout) == ["T005"])
    }

    /// The mistakes of issue 11: each hid the next one until it was fixed.
    @Test(arguments: [
        ("a duration and a transition", ["T034", "T053"]),
        ("a sticker, a transition and a text", ["T041", "T053", "T063"]),
    ])
    func independentMistakesAreAllReportedInOneRun(_ mistakes: String, _ expected: [String]) throws {
        let dir = TemporaryFolder()
        let folder = dir.file("three")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestMedia.tone(folder + "/music.m4a", seconds: "4")
        let first = expected.contains("T034") ? "0" : "1"
        let layers =
            expected.contains("T041")
            ? """
            , "layers": [{ "id": "star", "kind": "image", "file": "stickers/star.png" },
                         { "id": "title", "kind": "text", "text": "Supercalifragilisticexpialidocious", "size": 64 }]
            """ : ""
        let json = """
            { "format": 1, "name": "Three", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "music": { "file": "music.m4a" },
              "slots": [{ "id": "a", "duration": \(first) },
                        { "id": "b", "duration": 1, "transition": { "kind": "crossfade", "duration": 0.75 } },
                        { "id": "c", "duration": 1 }]\(layers) }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let text = try Reel.run(["validate", folder])
        #expect(text.status == 1)
        for code in expected { #expect(text.stderr.contains("[\(code)]: "), "\(code) in \(text.stderr)") }
        let report = try Reel.run(["validate", "--format", "json", folder])
        #expect(report.status == 1)
        #expect(Set(try Self.codes(report.stdout)).isSuperset(of: expected), "\(report.stdout)")
    }

    /// A lumaWipe without its mask is offered the folder's gray picture (stored as RGB), never the
    /// coloured sticker, and the picture it proposes is not called unused.
    @Test func aMissingMaskIsOfferedTheGrayPictureNotTheSticker() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("wipe")
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try TestMedia.tone(folder + "/music.m4a", seconds: "4")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=16x16", "-frames:v", "1", "-pix_fmt", "rgb24", folder + "/art/wipe.png"])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", "-pix_fmt", "rgba", folder + "/art/star.png"])
        let json = """
            { "format": 1, "name": "Wipe", "canvas": { "width": 160, "height": 284, "frameRate": "25" }, "music": { "file": "music.m4a" },
              "slots": [{ "id": "a", "duration": 1, "transition": { "kind": "lumaWipe", "duration": 0.4 } }, { "id": "b", "duration": 1 }] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let r = try Reel.run(["validate", folder])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error[T011]: /slots/0/transition: lumaWipe needs 'mask'"), "\(r.stderr)")
        #expect(r.stderr.contains("note: add \"mask\": \"art/wipe.png\", a grayscale PNG of the template folder"), "\(r.stderr)")
        #expect(!r.stderr.contains("'art/wipe.png' is in the template folder but nothing uses it"), "\(r.stderr)")
        #expect(r.stderr.contains("note[T045]: 'art/star.png' is in the template folder but nothing uses it"), "\(r.stderr)")
    }

    /// The codes of every diagnostic of a `--format json` report.
    static func codes(_ stdout: String) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let templates = try #require(document["templates"] as? [[String: Any]])
        return templates.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
    }

    @Test func newTemplateWritesAStrictlyValidTemplate() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("trip")
        let made = try Reel.run(["new-template", folder, "--name", "Trip"])
        #expect(made.status == 0, "\(made.stderr)")
        let check = try Reel.run(["validate", "--strict", folder])
        #expect(check.status == 0, "\(check.stderr)")
        let again = try Reel.run(["new-template", folder])
        #expect(again.status == 1 && again.stderr.contains("not empty"), "\(again.stderr)")
    }

    @Test func catalogListsEveryFamily() throws {
        let text = try Reel.run(["catalog"])
        #expect(text.status == 0)
        for word in ["transitions:", "filters:", "motions:", "text animations:", "lumaWipe", "filmFade", "zoomPan", "typewriter"] {
            #expect(text.stdout.contains(word), "\(word)")
        }
        let json = try Reel.run(["catalog", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [[String: Any]]])
        for family in ["transition", "filter", "motion", "textAnimation", "easing"] { #expect(document[family]?.isEmpty == false, "\(family)") }
        // The schema and the documentation's tables it prints are the checked-in ones, and they
        // offer the transitions the JSON lists.
        let schema = try Reel.run(["catalog", "--format", "schema"])
        let checkedIn = try String(contentsOfFile: Reel.repositoryRoot + "/templates/template.schema.json", encoding: .utf8)
        #expect(schema.status == 0 && schema.stdout == checkedIn)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [String: Any])
        let defs = try #require(parsed["$defs"] as? [String: Any])
        let transition = try #require((defs["transition"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(transition.first?["enum"] as? [String] == document["transition"]?.compactMap { $0["id"] as? String })
        let markdown = try Reel.run(["catalog", "--format", "markdown"])
        let doc = try String(contentsOfFile: Reel.repositoryRoot + "/docs/template-format.md", encoding: .utf8)
        #expect(markdown.status == 0 && markdown.stdout.hasPrefix("### Transitions\n") && doc.contains(markdown.stdout))
    }

    @Test func unreadableAssetsAreFoundWithTheMediaLibraries() throws {
        let dir = TemporaryFolder()
        let folder = try makeTemplate(in: dir)
        try "not audio".write(toFile: folder + "/music.m4a", atomically: true, encoding: .utf8)
        let r = try Reel.run(["validate", folder])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error[T043]: /music/file: 'music.m4a' is not readable as an audio file"), "\(r.stderr)")
    }
}
