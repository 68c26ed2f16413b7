import Foundation
import Testing

@testable import Captions
@testable import DocumentJSON
@testable import EffectCatalog
@testable import TemplateFormat
@testable import TimelineModel

/// The JSON Schema in templates/ must describe the same format as the Swift model: same keys in
/// every object, same catalog ids and parameters, and an independent validator must accept every
/// shipped template.
@Suite struct SchemaTests {
    static func schema() throws -> JSONObject {
        let text = try RepositoryFiles.text("templates/template.schema.json")
        return try #require(try JSONParser.parse(text).root.objectValue)
    }

    static func definitions() throws -> JSONObject {
        try #require(try schema()["$defs"]?.objectValue)
    }

    @Test func everyObjectHasTheModelsKeys() throws {
        let defs = try Self.definitions()
        for (name, keys) in TemplateKeys.byDefinition {
            let definition = defs[name]?.objectValue
            // A definition that also takes a bare word (`"fade"`) has its object form among `oneOf`.
            let object =
                definition?["properties"] != nil
                ? definition
                : definition?["oneOf"]?.arrayValue?.compactMap(\.objectValue).first { $0["properties"] != nil }
            let properties = try #require(object?["properties"]?.objectValue, "schema lacks $defs/\(name)")
            #expect(Set(properties.keys) == Set(keys), "$defs/\(name): schema \(properties.keys.sorted()) vs model \(keys.sorted())")
        }
    }

    /// Slots and media layers take the playback keys' schemas from `$defs/playback`, one place,
    /// and list the keys themselves only as `true`, so that `additionalProperties` admits them.
    @Test(arguments: ["slot", "mediaLayer"]) func playbackIsDefinedOnce(definition: String) throws {
        let object = try #require(try Self.definitions()[definition]?.objectValue)
        let references = object["allOf"]?.arrayValue?.compactMap { $0.objectValue?["$ref"]?.stringValue }
        #expect(references == ["#/$defs/playback"])
        let properties = try #require(object["properties"]?.objectValue)
        for key in TemplateKeys.playback { #expect(properties[key] == .bool(true), "\(definition)/\(key)") }
    }

    @Test(arguments: [(EffectFamily.transition, "transition", TemplateKeys.transition), (.filter, "filter", TemplateKeys.filter)])
    func effectsHaveTheCatalogsIdsAndParameters(family: EffectFamily, definition: String, generic: [String]) throws {
        let defs = try Self.definitions()
        let variants = try #require(defs[definition]?.objectValue?["oneOf"]?.arrayValue)
        let ids = variants.first?.objectValue?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(ids == Catalog.ids(of: family))
        let rules = try #require(variants.last?.objectValue?["allOf"]?.arrayValue)
        var seen: [String] = []
        for rule in rules {
            let id = try #require(rule.objectValue?["if"]?.objectValue?["properties"]?.objectValue?["kind"]?.objectValue?["const"]?.stringValue)
            let names = rule.objectValue?["then"]?.objectValue?["propertyNames"]?.objectValue?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let entry = try #require(Catalog.entry(family, id))
            #expect(Set(names) == Set(generic + entry.parameters.map(\.name)), "\(id)")
            for p in entry.parameters {
                guard let range = p.range else { continue }
                var bound = rule.objectValue?["then"]?.objectValue?["properties"]?.objectValue?[p.name]?.objectValue
                if let first = bound?["oneOf"]?.arrayValue?.first?.objectValue { bound = first }
                #expect(bound?["minimum"]?.numberValue?.doubleValue == range.lowerBound, "\(id).\(p.name) minimum")
                #expect(bound?["maximum"]?.numberValue?.doubleValue == range.upperBound, "\(id).\(p.name) maximum")
            }
            seen.append(id)
        }
        #expect(seen == Catalog.ids(of: family))
    }

    @Test func namedWordsMatchTheModel() throws {
        let defs = try Self.definitions()
        func words(_ path: [String]) -> [String]? {
            var value: JSONValue? = .object(defs)
            for key in path { value = value?.objectValue?[key] }
            return value?.objectValue?["enum"]?.arrayValue?.compactMap(\.stringValue)
        }
        #expect(words(["slot", "properties", "fit"]) == Fit.allCases.map(\.rawValue))
        #expect(words(["slot", "properties", "accepts"]) == SlotAccepts.allCases.map(\.rawValue))
        #expect(words(["playback", "properties", "whenShorter"]) == WhenShorter.allCases.map(\.rawValue))
        #expect(words(["playback", "properties", "whenLonger"]) == WhenLonger.allCases.map(\.rawValue))
        #expect(words(["slot", "properties", "orientation"]) == PreferredOrientation.allCases.map(\.rawValue))
        #expect(words(["easing"]) == Catalog.ids(of: .easing))
        #expect(words(["imageLayer", "properties", "anchor"]) == Anchor.allCases.map(\.rawValue))
        #expect(words(["textLayer", "properties", "align"]) == TextAlignment.allCases.map(\.rawValue))
        #expect(words(["captionsLayer", "properties", "style"]) == CaptionStyle.Kind.allCases.map(\.rawValue))
        #expect(words(["layer", "properties", "kind"]) == TemplateDecoder.layerKinds)
        #expect(words(["canvas", "properties", "preset"]) == TemplateDecoder.canvasPresets.map(\.name))
    }

    /// Runs the `jsonschema` package from PyPI (installed by scripts/test) over the shipped
    /// templates, the starter template, the documented example and the rich fixture: all must pass,
    /// and a broken template must not.
    @Test func anIndependentValidatorAcceptsEveryShippedTemplate() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("reel-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var documents: [String: String] = [
            "starter.json": StarterTemplate.json(name: "Starter"), "rich.json": RichFixture.json, "beats.json": BeatTimeTests.json,
            "docs.json": try #require(try RepositoryFiles.firstJSONBlock(in: "docs/template-format.md")),
        ]
        let templates = RepositoryFiles.root.appendingPathComponent("templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: templates.path).sorted() {
            let file = templates.appendingPathComponent(name).appendingPathComponent("template.json")
            if let text = try? String(contentsOf: file, encoding: .utf8) { documents["shipped-\(name).json"] = text }
        }
        #expect(documents.keys.contains { $0.hasPrefix("shipped-") })
        // A blend mode and a key, and their broken forms below.
        let left = "\"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 1 } },"
        func keyed(_ keys: String) -> String {
            RichFixture.json.replacingOccurrences(of: left, with: "\"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 1 }, \(keys) },")
        }
        documents["blend-key.json"] = keyed("\"blend\": \"screen\", \"key\": { \"kind\": \"chroma\", \"color\": \"#00b140\", \"similarity\": 0.2 }")
        for (name, text) in documents { try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        // A misspelt transition; a slot's unknown key and its speed out of range; a media layer's
        // unknown key and unknown playback word (the playback keys' schemas are shared).
        var broken: [String: String] = [
            "broken.json": RichFixture.json.replacingOccurrences(of: "\"kind\": \"crossfade\"", with: "\"kind\": \"crosfade\""),
            "broken-slot-key.json": RichFixture.json.replacingOccurrences(of: "\"whenShorter\": \"freeze\"", with: "\"whenShorterr\": \"freeze\""),
            "broken-slot-speed.json": RichFixture.json.replacingOccurrences(of: "\"speed\": 0.5,", with: "\"speed\": 5,"),
            "broken-media-key.json": RichFixture.json.replacingOccurrences(
                of: "\"kind\": \"media\", \"start\": 2,", with: "\"kind\": \"media\", \"sped\": 1, \"start\": 2,"),
            "broken-media-playback.json": RichFixture.json.replacingOccurrences(
                of: "\"kind\": \"media\", \"start\": 2,", with: "\"kind\": \"media\", \"whenShorter\": \"stretch\", \"start\": 2,"),
            "broken-blend.json": keyed("\"blend\": \"mulitply\""),
            "broken-key-range.json": keyed("\"key\": { \"kind\": \"chroma\", \"similarity\": 2 }"),
            "broken-key-color.json": keyed("\"key\": { \"kind\": \"chroma\", \"color\": \"green\" }"),
        ]
        for (name, text) in broken {
            #expect(text != RichFixture.json, "\(name) breaks nothing")
            try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // Music times are seconds: beats are counted from them.
        let musicInBeats = BeatTimeTests.json.replacingOccurrences(of: "\"tempo\": 100", with: "\"tempo\": 100, \"start\": \"4 beats\"")
        broken["broken-music.json"] = musicInBeats
        try musicInBeats.write(to: work.appendingPathComponent("broken-music.json"), atomically: true, encoding: .utf8)

        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1]))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            for path in sys.argv[2:]:
                errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
                print(path.rsplit("/", 1)[-1], "ok" if not errors else "invalid: " + "; ".join(e.message[:120] for e in errors[:3]))
            """
        let files = (documents.keys.sorted() + broken.keys.sorted()).map { work.appendingPathComponent($0).path }
        let output = try Self.python(["-c", script, RepositoryFiles.root.appendingPathComponent("templates/template.schema.json").path] + files)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == files.count, "\(output)")
        for line in lines {
            if line.hasPrefix("broken") { #expect(line.contains(".json invalid"), "\(line)") } else { #expect(line.hasSuffix(" ok"), "\(line)") }
        }
    }

    static func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: errors, as: UTF8.self)
        if process.terminationStatus != 0 {
            Issue.record("python3 failed (scripts/test installs jsonschema from PyPI): \(message)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
