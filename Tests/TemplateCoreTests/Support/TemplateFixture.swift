import DocumentJSON
import Foundation
import TemplateFormat

/// A template folder made in a temporary directory for one test, removed with `remove()`.
struct TemplateFixture {
    /// A valid template: every test changes one thing in it to trigger one rule.
    static let validJSON = """
        {
          "format": 1,
          "name": "Postcard",
          "description": "Six shots cut to music",
          "canvas": { "width": 1080, "height": 1920, "frameRate": "30", "background": "#000000" },
          "music": { "file": "music/track.m4a", "start": 0, "volume": 0.8, "fadeIn": 0, "fadeOut": 1.5 },
          "slots": [
            { "id": "opening", "accepts": "any", "duration": 2.5, "fit": "cover", "volume": 0 },
            { "id": "two", "accepts": "video", "duration": "48f" }
          ]
        }
        """

    let folder: String

    /// Writes `json` as template.json (nil: none) and `files` (relative path: contents) into a new folder.
    init(json: String? = TemplateFixture.validJSON, files: [String: String] = ["music/track.m4a": "not really audio"]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-template-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (path, contents) in files {
            try write(contents, to: path)
        }
        if let json { try write(json, to: "template.json") }
    }

    /// `validJSON` with `original` replaced by `replacement` (which must occur).
    init(replacing original: String, with replacement: String, files: [String: String] = ["music/track.m4a": "not really audio"]) throws {
        precondition(TemplateFixture.validJSON.contains(original), "fixture text not found: \(original)")
        try self.init(json: TemplateFixture.validJSON.replacingOccurrences(of: original, with: replacement), files: files)
    }

    var templateFile: String { folder + "/template.json" }

    func write(_ contents: String, to relative: String) throws {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func load() throws -> TemplateLoadResult {
        try TemplateLoader.load(folder: folder)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Loads `validJSON` with one change and returns its findings, cleaning up after.
func findings(replacing original: String, with replacement: String) throws -> [Diagnostic] {
    let fixture = try TemplateFixture(replacing: original, with: replacement)
    defer { fixture.remove() }
    return try fixture.load().diagnostics
}

extension Array where Element == Diagnostic {
    var codes: [DiagnosticCode] { map(\.code) }

    func first(_ code: DiagnosticCode) -> Diagnostic? { first { $0.code == code } }
}
