import Foundation
import ReelTestSupport
import Testing

/// Three shipped templates, made from the bundled sample media, render exactly what they rendered
/// when the fixtures were recorded: the MD5 of every decoded video frame and of every decoded
/// audio frame (as 16-bit PCM), and the timeline `make --timeline` wrote, byte for byte. The
/// digests are of the decoded pictures and sound, not of the file, whose bytes carry the encoder's
/// version; so a change of Reel's code that moves one pixel or one sample fails here, and a
/// restructure that changes nothing passes.
///
/// What the machine's fonts draw is kept out: every text layer of these templates has a key, and
/// each is given a single space, which draws no ink (none of them has a box that a space would
/// size). The templates, music and sample media are copied into the test's folder, so that the
/// timeline's paths (relative to its own folder) do not name where the repository is, and the
/// analysis cache is the test's own.
///
/// `REEL_RECORD_IDENTITY=1 swift test --filter RenderIdentityTests` rewrites the fixtures in
/// Tests/Fixtures/render-identity/ instead of comparing (and fails, so that a recording is never
/// taken for a pass).
@Suite struct RenderIdentityTests {
    /// Templates whose looks cover the effects between them: beat-timed cuts and pushes, speed,
    /// sound effects and keyframed filters (beat-drop); the clips' own sound under ducked music,
    /// wipes and a blurred fill (postcard); a LUT grade, luma wipes with a mask and Ken Burns
    /// moves over photos (travel).
    static let templates = ["beat-drop", "postcard", "travel"]

    static var fixtures: String { Reel.repositoryRoot + "/Tests/Fixtures/render-identity" }
    static var recording: Bool { ProcessInfo.processInfo.environment["REEL_RECORD_IDENTITY"] == "1" }

    @Test(arguments: templates)
    func rendersTheSampleMediaAsRecorded(_ name: String) throws {
        let root = Reel.repositoryRoot
        let dir = TemporaryFolder()
        let files = FileManager.default
        try files.copyItem(atPath: "\(root)/templates/\(name)", toPath: dir.file(name))
        try files.copyItem(atPath: "\(root)/assets/clips", toPath: dir.file("clips"))
        try files.copyItem(atPath: "\(root)/assets/photos", toPath: dir.file("photos"))

        let keys = try Self.textKeys(of: dir.file(name))
        let canvas = try ShippedTemplatesTests.canvas(of: dir.file(name))
        // An eighth of the canvas, even, at draft quality: every layer, effect and cut is drawn,
        // at a cost the debug build can afford.
        let size = "\(max(16, canvas.width / 8 / 2 * 2))x\(max(16, canvas.height / 8 / 2 * 2))"
        let out = dir.file("\(name).mp4")
        let timeline = dir.file("\(name).timeline.json")
        let r = try Reel.run(
            [
                "make", dir.file(name), dir.file("clips"), dir.file("photos"), "-o", out, "--timeline", timeline,
                "--quality", "draft", "--size", size, "--seed", "0", "-q",
            ]
                + keys.flatMap { ["--text", "\($0)= "] },
            environment: ["XDG_CACHE_HOME": dir.file("cache")])
        try #require(r.status == 0, "\(name): \(r.stderr)")

        let results = [
            ("timeline.json", try String(contentsOfFile: timeline, encoding: .utf8)),
            ("video.framemd5", try Self.frameDigests(out, stream: "v")),
            ("audio.framemd5", try Self.frameDigests(out, stream: "a")),
        ]
        for (kind, actual) in results {
            let fixture = "\(Self.fixtures)/\(name).\(kind)"
            if Self.recording {
                try files.createDirectory(atPath: Self.fixtures, withIntermediateDirectories: true)
                try actual.write(toFile: fixture, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOfFile: fixture, encoding: .utf8)
            // Not #expect(actual == expected): that prints both texts whole (thousands of lines).
            if actual != expected { Issue.record("\(name).\(kind) differs from its fixture: \(Self.firstDifference(actual, expected))") }
        }
        if Self.recording { Issue.record("\(name): fixtures recorded (REEL_RECORD_IDENTITY=1); run again without it to compare") }
    }

    /// The keys of the template's text layers. Every text layer must have one and no box: a text
    /// left as the template wrote it, or a box around a space, would be drawn with this machine's fonts.
    static func textKeys(of template: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: template + "/template.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layers = json["layers"] as? [[String: Any]] ?? []
        return try layers.filter { $0["kind"] as? String == "text" }.map { layer in
            #expect(layer["box"] == nil, "\(template): text layer \(layer["id"] ?? "?") has a box, sized by the fonts")
            return try #require(layer["key"] as? String, "\(template): text layer \(layer["id"] ?? "?") has no key to blank")
        }
    }

    /// ffmpeg's `framemd5` listing of one stream of `path` (`v` or `a`), decoded: raw pictures in
    /// their own pixel format, sound as 16-bit PCM. One line per frame: timestamps, size, MD5.
    /// Bit-exact mode leaves out the line naming ffmpeg's version.
    static func frameDigests(_ path: String, stream: String) throws -> String {
        let codec = stream == "v" ? ["-c:v", "rawvideo"] : ["-c:a", "pcm_s16le"]
        let r = try Tools.run(
            "ffmpeg", ["-v", "error", "-i", path, "-map", "0:\(stream)"] + codec + ["-fflags", "+bitexact", "-f", "framemd5", "-"])
        if r.status != 0 { throw ToolError(message: "framemd5 of \(path) (\(stream)): \(r.stderr)") }
        return r.stdout
    }

    /// Where two texts part: the first differing line (1-based) of each, and their line counts.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        func at(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line]) : "(end)" }
        return "line \(line + 1): now '\(at(a))', recorded '\(at(e))' (\(a.count) lines now, \(e.count) recorded)"
    }
}
