import Foundation
import ReelKit
import ReelTestSupport
import Testing

/// Batches as a library: each row its own video, a bad row failing alone, reruns doing only what
/// is left, outputs checked with ffprobe.
@Suite struct BatchTests {
    struct Project {
        let dir = TemporaryFolder()
        var jobs: String { dir.file("jobs.csv") }
        var out: String { dir.file("out") }

        init() throws {
            let template = dir.file("tpl")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            try TestMedia.tone(template + "/music.m4a", seconds: "3")
            try """
            { "format": 1, "name": "Batch", "canvas": { "width": 96, "height": 160, "frameRate": "25" },
              "music": { "file": "music.m4a" }, "slots": [{ "id": "a", "duration": 1 }, { "id": "b", "duration": 1 }] }
            """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            for folder in ["media", "bad"] { try FileManager.default.createDirectory(atPath: dir.file(folder), withIntermediateDirectories: true) }
            try TestMedia.colorClip(dir.file("media/a.mp4"), color: "red", width: 96, height: 160, seconds: "1")
            try TestMedia.colorClip(dir.file("media/b.mp4"), color: "blue", width: 96, height: 160, seconds: "1")
            // A clip cut short in its download: it exists, so the row passes its checks, and fails when read.
            try TestMedia.truncate(dir.file("media/a.mp4"), to: dir.file("bad/broken.mp4"), fraction: 0.3)
            try writeJobs(seed: 0)
        }

        func writeJobs(seed: Int) throws {
            try """
            id,template,media,quality,seed,output
            one,tpl,media/a.mp4;media/b.mp4,draft,\(seed),
            two,tpl,media/*.mp4,draft,,videos/{id}-v.mp4
            three,tpl,bad/broken.mp4;media/b.mp4,draft,,

            """.write(toFile: jobs, atomically: true, encoding: .utf8)
        }

        func run(force: Bool = false) throws -> BatchSummary {
            let plan = try Batch.plan(BatchRequest(jobsFile: jobs, outputFolder: out, workers: 2, force: force))
            #expect(plan.problems.isEmpty && plan.jobs.count == 3)
            return try Batch.run(plan)
        }
    }

    @Test func aBadRowFailsAloneAndRerunsDoOnlyWhatIsLeft() throws {
        let p = try Project()
        let first = try p.run()
        #expect(first.entries.map(\.status) == [.ok, .ok, .failed])
        #expect(first.entries[2].error?.contains("broken.mp4") == true, "\(first.entries[2].error ?? "")")
        for (entry, name) in zip(first.entries.prefix(2), ["one.mp4", "videos/two-v.mp4"]) {
            #expect(entry.output == name && entry.frames == 50)
            let probe = try Tools.probe(p.out + "/" + name)
            #expect(probe.video?.frames == 50 && probe.video?.width == 96 && probe.video?.height == 160)
        }
        // The manifest on disk says the same, one JSON object a line.
        let lines = try String(contentsOfFile: p.out + "/manifest.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        let third = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
        #expect(third?["status"] as? String == "failed" && (third?["error"] as? String)?.contains("broken.mp4") == true)

        // Nothing rendered twice: a rerun keeps both videos, and tries the failed row again.
        #expect(try p.run().entries.map(\.status) == [.skipped, .skipped, .failed])
        // An output cut short is found and rendered again; the other is kept.
        try TestMedia.truncate(p.out + "/videos/two-v.mp4", to: p.out + "/videos/two-v.mp4", fraction: 0.5)
        #expect(try p.run().entries.map(\.status) == [.skipped, .ok, .failed])
        #expect(try Tools.probe(p.out + "/videos/two-v.mp4").video?.frames == 50)
        // So is one altered in place, its size unchanged.
        let one = p.out + "/one.mp4"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: one))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: one))
        #expect(try p.run().entries.map(\.status) == [.ok, .skipped, .failed])
        // A row whose values change is rendered again.
        try p.writeJobs(seed: 5)
        #expect(try p.run().entries.map(\.status) == [.ok, .skipped, .failed])
        // --force renders every row.
        #expect(try p.run(force: true).entries.map(\.status) == [.ok, .ok, .failed])
        let left = try FileManager.default.subpathsOfDirectory(atPath: p.out).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty)
    }

    /// The `music`, `music-start` and `voice` columns: a row's own song re-times the template's
    /// beats, a row's voice-over is heard, and both files' contents decide whether a rerun keeps
    /// the row's video.
    @Test func rowsBringTheirOwnSongAndVoice() throws {
        let dir = TemporaryFolder()
        let template = dir.file("beats")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try TestMedia.clickTrack(template + "/music.wav", bpm: 120, seconds: 10, firstBeat: 0)
        try """
        { "format": 1, "name": "Beats", "canvas": { "width": 96, "height": 160, "frameRate": "25" },
          "music": { "file": "music.wav", "tempo": 120 }, "slots": [{ "id": "a", "duration": "2 beats" }, { "id": "b", "duration": "2 beats" }] }
        """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir.file("media"), withIntermediateDirectories: true)
        try TestMedia.colorClip(dir.file("media/a.mp4"), color: "red", width: 96, height: 160, seconds: "3")
        try TestMedia.colorClip(dir.file("media/b.mp4"), color: "blue", width: 96, height: 160, seconds: "3")
        try TestMedia.clickTrack(dir.file("song.wav"), bpm: 100, seconds: 20, firstBeat: 0.3)
        try TestMedia.tone(dir.file("voice.m4a"), seconds: "3", frequency: 2000)
        try """
        id,template,media,quality,loudness,music,music-start,voice
        plain,beats,media,draft,off,,,
        song,beats,media,draft,off,song.wav,0,
        voiced,beats,media,draft,off,,,voice.m4a

        """.write(toFile: dir.file("jobs.csv"), atomically: true, encoding: .utf8)
        func run() throws -> BatchSummary {
            let plan = try Batch.plan(BatchRequest(jobsFile: dir.file("jobs.csv"), outputFolder: dir.file("out"), workers: 2))
            #expect(plan.problems.isEmpty, "\(plan.problems)")
            return try Batch.run(plan)
        }
        let first = try run()
        #expect(first.entries.map(\.status) == [.ok, .ok, .ok], "\(first.entries.map { $0.error ?? "" })")
        // 2 + 2 beats: 2 s at the template's 120 bpm (50 frames); 2.4 s on the song's 100 bpm.
        #expect(first.entries.map(\.frames) == [50, 60, 50])
        let plain = try Tools.audioSamples(dir.file("out/plain.mp4"))
        let voiced = try Tools.audioSamples(dir.file("out/voiced.mp4"))
        let gain = BandLevel.db(voiced, frequency: 2000, from: 0.2, to: 1.8) - BandLevel.db(plain, frequency: 2000, from: 0.2, to: 1.8)
        #expect(gain > 20, "the voice at 2 kHz: \(gain) dB above the row without it")
        // Another voice: only its row is made again.
        try TestMedia.tone(dir.file("voice.m4a"), seconds: "3", frequency: 1500)
        let second = try run()
        #expect(second.entries.map(\.status) == [.skipped, .skipped, .ok])
    }

    @Test func aMissingSongOrVoiceIsTheRowsProblem() throws {
        let p = try Project()
        try """
        id,template,media,music,voice,music-start
        one,tpl,media/a.mp4,nothing.wav,,
        two,tpl,media/a.mp4,,media,
        three,tpl,media/a.mp4,,,auto

        """.write(toFile: p.jobs, atomically: true, encoding: .utf8)
        let plan = try Batch.plan(BatchRequest(jobsFile: p.jobs, outputFolder: p.out, workers: 1))
        #expect(plan.problems.map { $0.reasons.compactMap(\.column) } == [["music"], ["voice"], ["music-start"]], "\(plan.problems)")
    }

    @Test func rowProblemsAreFoundBeforeAnyRender() throws {
        let p = try Project()
        try """
        id,template,media,size,text.title,output
        one,tpl,media/a.mp4,95x160,,
        two,nowhere,media/nothing-*.mp4,,,
        three,tpl,media/b.mp4,,Hi,../up.mp4
        four,tpl,media,,,tpl/music.m4a

        """.write(toFile: p.jobs, atomically: true, encoding: .utf8)
        let plan = try Batch.plan(BatchRequest(jobsFile: p.jobs, outputFolder: p.dir.path, workers: 1))
        #expect(plan.jobs.isEmpty)
        let columns = plan.problems.map { $0.reasons.compactMap(\.column) }
        #expect(columns == [["size"], ["template", "media"], ["text.title", "output"], ["output"]], "\(plan.problems)")
        #expect(plan.problems.map(\.line) == [2, 3, 4, 5])
        // Two rows writing one output is a mistake of the file: nothing runs.
        try "id,template,media,output\na,tpl,media,x.mp4\nb,tpl,media,x.mp4\n".write(toFile: p.jobs, atomically: true, encoding: .utf8)
        #expect(throws: BatchError.self) { try Batch.plan(BatchRequest(jobsFile: p.jobs, outputFolder: p.out)) }
    }
}
