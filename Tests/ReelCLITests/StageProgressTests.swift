import Foundation
import ReelTestSupport
import Testing

/// Long work is never silent: every stage of `make` (probing, analysing for smart framing, the
/// song's beats, a first pass, rendering, the sound) reports progress, on a terminal and as JSON
/// lines, and the final line says how the time was spent; piped or with `-q`, nothing is shown.
@Suite struct StageProgressTests {
    /// A portrait template over a landscape clip (so smart framing analyses it), a click track,
    /// and an empty analysis cache of its own (so the analyses run, whatever ran before).
    struct Project {
        let dir = TemporaryFolder("reel-stages")
        let template: String
        let clip: String
        let song: String
        var cache: [String: String] { ["XDG_CACHE_HOME": dir.file("cache")] }

        init() throws {
            template = dir.file("tall")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            let json = """
                { "format": 1, "name": "Tall", "canvas": { "width": 180, "height": 320, "frameRate": "30" },
                  "slots": [{ "id": "only", "duration": 2, "motion": "none" }] }
                """
            try json.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            clip = dir.file("wide.mp4")
            try Tools.ffmpeg([
                "-f", "lavfi", "-i", "testsrc=s=640x360:r=30:d=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip,
            ])
            song = dir.file("song.wav")
            try TestMedia.clickTrack(song, bpm: 120, seconds: 6)
        }

        func make(_ extra: [String]) throws -> Tools.Output {
            try Reel.run(
                ["make", template, clip, "--reframe", "smart", "--music", song, "--music-start", "0", "-o", dir.file("out.mp4")] + extra,
                environment: cache)
        }
    }

    /// `wrote ... in 4.1 s: beats 1.2 s, analysing 1.8 s` as the total and each stage's seconds.
    static func timing(_ stdout: String) throws -> (total: Double, stages: [String: Double]) {
        let line = try #require(stdout.split(separator: "\n").last { $0.hasPrefix("wrote ") }, "\(stdout)")
        let parts = try #require(line.range(of: ") in ").map { line[$0.upperBound...] }).split(separator: ":", maxSplits: 1)
        let total = try #require(Double(parts[0].replacingOccurrences(of: " s", with: "")), "\(line)")
        var stages: [String: Double] = [:]
        for share in (parts.count > 1 ? parts[1] : "").split(separator: ",") {
            let words = share.split(separator: " ")
            #expect(words.count >= 3 && words.last == "s", "\(line)")
            stages[words.dropLast(2).joined(separator: " ")] = Double(words[words.count - 2])
        }
        return (total, stages)
    }

    @Test func everyStageReportsJSONLinesAndTheSummarySaysHowTheTimeWasSpent() throws {
        let p = try Project()
        let r = try p.make(["--progress", "json", "--bitrate", "300k"])
        #expect(r.status == 0, "\(r.stderr)")
        var lines: [String: [[String: Any]]] = [:]
        var order: [String] = []
        for text in r.stderr.split(separator: "\n") where text.hasPrefix("{") {
            let line = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
            let stage = try #require(line["stage"] as? String, "\(text)")
            if lines[stage] == nil { order.append(stage) }
            lines[stage, default: []].append(line)
        }
        #expect(order == ["beats", "probing", "analysing", "sound", "first pass", "render"], "\(order)")
        for (stage, reports) in lines {
            let done = reports.compactMap { $0["done"] as? Int }
            let percents = reports.compactMap { $0["percent"] as? Int }
            #expect(done == done.sorted() && percents == percents.sorted(), "\(stage) goes forward: \(done)")
            let last = try #require(reports.last)
            #expect(last["percent"] as? Int == 100 && last["done"] as? Int == last["total"] as? Int, "\(stage) ends at 100 %: \(last)")
            #expect(reports.dropLast().allSatisfy { ($0["percent"] as? Int ?? 100) < 100 }, "\(stage): one line at 100 %")
        }
        // Smart framing samples the 2 s clip four times a second; the 6 s song is gone through in milliseconds.
        #expect(lines["analysing"]?.last?["total"] as? Int == 8 && lines["analysing"]?.last?["unit"] as? String == "frames")
        #expect(lines["beats"]?.last?["total"] as? Int == 6000 && lines["beats"]?.last?["unit"] as? String == "milliseconds")
        // Frames of the render keep the fields programs read before stages existed.
        let render = try #require(lines["render"]?.last)
        #expect(render["frame"] as? Int == 60 && render["total"] as? Int == 60 && render["fps"] is Double, "\(render)")
        let timing = try Self.timing(r.stdout)
        for stage in ["analysing", "beats", "render"] { #expect(timing.stages[stage] != nil, "\(stage) in \(r.stdout)") }
        let sum = timing.stages.values.reduce(0, +)
        // The stages are most of the whole; the rest is starting, reading and resolving.
        #expect(sum <= timing.total + 0.1 * Double(timing.stages.count) && sum >= 0.6 * timing.total, "\(timing)")
    }

    @Test func aTerminalShowsTheAnalysisAndAPipeOrQuietShowsNothing() throws {
        let p = try Project()
        // Under a pseudo-terminal (standard output and error both go to it).
        let script = "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)"
        let tty = try Tools.run(
            "python3", ["-c", script, Reel.path, "make", p.template, p.clip, "--reframe", "smart", "-o", p.dir.file("tty.mp4")],
            environment: ProcessInfo.processInfo.environment.merging(p.cache) { $1 }, timeout: 300)
        #expect(tty.status == 0, "\(tty.stdout)")
        #expect(tty.stdout.contains("analysing  frame ") && tty.stdout.contains("/8 ") && tty.stdout.contains("rendering  frame "), "\(tty.stdout)")
        #expect(tty.stdout.contains(" s: analysing "), "\(tty.stdout)")
        // `reel beats` shows the song gone through, then its beats.
        let beats = try Tools.run(
            "python3", ["-c", script, Reel.path, "beats", p.song], environment: ProcessInfo.processInfo.environment.merging(p.cache) { $1 },
            timeout: 300)
        #expect(beats.status == 0 && beats.stdout.contains("beats  ") && beats.stdout.contains("/6.0 s"), "\(beats.stdout)")
        // Piped: results on standard output, no progress on standard error.
        let piped = try p.make([])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(try Self.timing(piped.stdout).total > 0, "\(piped.stdout)")
        // Quiet: not even JSON progress.
        let quiet = try p.make(["-q", "--progress", "json"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet.stderr)")
    }
}
