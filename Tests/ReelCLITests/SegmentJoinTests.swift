import Foundation
import ReelTestSupport
import Testing

/// One video split across processes: `render --segment K/N` renders frames of its segment, video
/// only; `join` copies them into one MP4 with the sound mixed once: the frames of a single render,
/// in order, with its sound.
@Suite struct SegmentJoinTests {
    struct Project {
        let dir = TemporaryFolder()
        var timeline: String { dir.file("t.json") }
    }
    let project = Project()
    let size = ["--size", "96x160", "--quality", "draft"]

    init() throws {
        let template = try makeTemplate(in: project.dir)
        let media = project.dir.file("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        // Clips whose every frame shows its number, so a frame out of place is seen.
        try TestMedia.countingClip(media + "/a.mp4", frames: 30, rate: "25", step: 4)
        try TestMedia.countingClip(media + "/b.mp4", frames: 30, rate: "25", step: 4)
        let r = try Reel.run(["resolve", template, media, "-o", project.timeline, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    func segment(_ k: Int, of n: Int) throws -> String {
        let out = project.dir.file("part-\(k).mp4")
        let r = try Reel.run(["render", project.timeline, "--segment", "\(k)/\(n)", "-o", out, "-q"] + size)
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    @Test func joinedSegmentsAreTheSingleRender() throws {
        let single = project.dir.file("single.mp4")
        #expect(try Reel.run(["render", project.timeline, "-o", single, "-q"] + size).status == 0)
        let parts = try (0..<3).map { try segment($0, of: 3) }
        let frames = try parts.map { try Tools.probe($0) }
        #expect(frames.map { $0.video?.frames ?? 0 }.reduce(0, +) == 50)
        #expect(frames.allSatisfy { $0.audio == nil }, "segments are video only")
        let joined = project.dir.file("joined.mp4")
        // Given out of order: the segments name themselves.
        let r = try Reel.run(["join", parts[2], parts[0], parts[1], "--timeline", project.timeline, "-o", joined])
        #expect(r.status == 0, "\(r.stderr)")
        let probe = try Tools.probe(joined)
        #expect(probe.video?.frames == 50 && probe.video?.width == 96 && probe.video?.colorPrimaries == "bt709")
        #expect(abs((probe.audio.flatMap { Double($0["duration"] as? String ?? "") } ?? 0) - 2) < 0.03)
        // Frame by frame, the picture of the single render (within the encoder's noise).
        let a = try Tools.frameBrightness(joined)
        let b = try Tools.frameBrightness(single)
        #expect(a.count == 50 && b.count == 50)
        #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 3 }, "\(a) vs \(b)")
        // The sound, mixed once, is the single render's.
        let sa = try Tools.audioSamples(joined)
        let sb = try Tools.audioSamples(single)
        #expect(sa.count == sb.count)
        #expect(zip(sa, sb).allSatisfy { abs($0 - $1) < 1e-3 })
    }

    /// The soundtrack as a task of its own: the join copies its packets, and the file is the
    /// join's that mixes the sound itself, byte for byte.
    @Test func aSoundtrackRenderedApartIsLaidAsItIs() throws {
        let parts = try (0..<2).map { try segment($0, of: 2) }
        let sound = project.dir.file("sound.m4a")
        let r = try Reel.run(["render", project.timeline, "--soundtrack", "-o", sound, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let probe = try Tools.probe(sound)
        #expect(probe.video == nil && probe.audio?["codec_name"] as? String == "aac")
        let laid = project.dir.file("laid.mp4")
        let mixed = project.dir.file("mixed.mp4")
        let a = try Reel.run(["join", sound, parts[1], parts[0], "--timeline", project.timeline, "-o", laid, "-q"])
        #expect(a.status == 0, "\(a.stderr)")
        let b = try Reel.run(["join", parts[0], parts[1], "--timeline", project.timeline, "-o", mixed, "-q"])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(FileManager.default.contents(atPath: laid) == FileManager.default.contents(atPath: mixed))
        #expect(try Tools.audioSamples(laid).count == (try Tools.audioSamples(mixed)).count)

        // Mixed with other sound settings than the join's, twice, or with --segment: refused by name.
        let out = project.dir.file("refused.mp4")
        let other = try Reel.run(["join", parts[0], parts[1], sound, "--timeline", project.timeline, "-o", out, "--loudness", "off"])
        expectRefused(other, naming: sound, saying: "the join asks", output: out)
        let copy = project.dir.file("sound-2.m4a")
        try FileManager.default.copyItem(atPath: sound, toPath: copy)
        let twice = try Reel.run(["join", parts[0], parts[1], sound, copy, "--timeline", project.timeline, "-o", out])
        expectRefused(twice, naming: copy, saying: "second soundtrack", output: out)
        #expect(try Reel.run(["render", project.timeline, "--soundtrack", "--segment", "0/2", "-o", out]).status == 2)
        // A medium the sound is mixed from replaced since: the soundtrack is stale.
        try TestMedia.countingClip(project.dir.file("media") + "/b.mp4", frames: 30, rate: "25", step: 7)
        let fresh = try (0..<2).map { try segment($0, of: 2) }
        let stale = try Reel.run(["join", fresh[0], fresh[1], sound, "--timeline", project.timeline, "-o", out])
        expectRefused(stale, naming: sound, saying: "changed since", output: out)
    }

    @Test func aSetThatIsNotTheSegmentsIsRefused() throws {
        let parts = try (0..<2).map { try segment($0, of: 2) }
        let out = project.dir.file("joined.mp4")
        let missing = try Reel.run(["join", parts[0], "--timeline", project.timeline, "-o", out])
        #expect(missing.status == 1 && missing.stderr.contains("segment 1/2 missing"), "\(missing.stderr)")
        let twice = try Reel.run(["join", parts[0], parts[0], "--timeline", project.timeline, "-o", out])
        #expect(twice.status == 1 && twice.stderr.contains("again"), "\(twice.stderr)")
        let other = try segment(1, of: 3)
        let mixed = try Reel.run(["join", parts[0], other, "--timeline", project.timeline, "-o", out])
        #expect(mixed.status == 1, "\(mixed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try Reel.run(["render", project.timeline, "--segment", "2/2", "-o", out]).status == 2)
        #expect(try Reel.run(["render", project.timeline, "--segment", "0/2", "--bitrate", "400k", "-o", out]).status == 2)
    }

    /// The refusal of a join: exit 1, one line at the end naming `part`, and no output.
    func expectRefused(_ r: Tools.Output, naming part: String, saying words: String, output: String) {
        let last = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(r.status == 1, "\(r.stderr)")
        #expect(last.hasPrefix("reel: error: \(part): ") && last.contains(words), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aPartOfAnotherTimelineIsRefusedByName() throws {
        let parts = try (0..<3).map { try segment($0, of: 3) }
        // Another timeline of the same template and length, over other clips: its segments fall
        // on the same frames, so only what each part says it was rendered from tells them apart.
        let other = project.dir.file("other")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try TestMedia.countingClip(other + "/c.mp4", frames: 30, rate: "25", step: 9)
        try TestMedia.countingClip(other + "/d.mp4", frames: 30, rate: "25", step: 9)
        let t2 = project.dir.file("t2.json")
        let resolved = try Reel.run(["resolve", project.dir.file("tiny"), other, "-o", t2, "-q"])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let foreign = project.dir.file("foreign-1.mp4")
        let r = try Reel.run(["render", t2, "--segment", "1/3", "-o", foreign, "-q"] + size)
        #expect(r.status == 0, "\(r.stderr)")
        let out = project.dir.file("joined.mp4")
        let mixed = try Reel.run(["join", parts[0], foreign, parts[2], "--timeline", project.timeline, "-o", out])
        expectRefused(mixed, naming: foreign, saying: "another timeline", output: out)
        // The same parts join with their own timeline.
        let own = try Reel.run(["join", parts[0], parts[1], parts[2], "--timeline", project.timeline, "-o", out, "-q"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(try Tools.probe(out).video?.frames == 50)
        // A copy of the timeline in another folder, its media paths relative to it, is the same timeline.
        let moved = TemporaryFolder()
        try FileManager.default.copyItem(atPath: project.dir.file("media"), toPath: moved.file("media"))
        try FileManager.default.copyItem(atPath: project.dir.file("tiny"), toPath: moved.file("tiny"))
        try FileManager.default.copyItem(atPath: project.timeline, toPath: moved.file("t.json"))
        let elsewhere = moved.file("joined.mp4")
        let copied = try Reel.run(["join", parts[0], parts[1], parts[2], "--timeline", moved.file("t.json"), "-o", elsewhere, "-q"])
        #expect(copied.status == 0, "\(copied.stderr)")
    }

    @Test func aPartOfOtherSettingsOrOfChangedMediaIsRefusedByName() throws {
        let parts = try (0..<2).map { try segment($0, of: 2) }
        let out = project.dir.file("joined.mp4")
        // The same timeline and segment at another quality: the same frames, another picture.
        let standard = project.dir.file("standard-1.mp4")
        let r = try Reel.run(["render", project.timeline, "--segment", "1/2", "-o", standard, "-q", "--size", "96x160"])
        #expect(r.status == 0, "\(r.stderr)")
        let mixed = try Reel.run(["join", parts[0], standard, "--timeline", project.timeline, "-o", out])
        expectRefused(mixed, naming: standard, saying: "CRF 20", output: out)
        // A medium the timeline names replaced since the parts were rendered (same name, same length).
        try TestMedia.countingClip(project.dir.file("media") + "/b.mp4", frames: 30, rate: "25", step: 7)
        let changed = try Reel.run(["join", parts[0], parts[1], "--timeline", project.timeline, "-o", out])
        expectRefused(changed, naming: parts[0], saying: "changed since", output: out)
    }

    @Test func aFragmentedPartIsNamedAsThePartAtFault() throws {
        let first = try segment(0, of: 2)
        let piped = project.dir.file("piped-1.mp4")
        // What `-o -` writes to a pipe: a fragmented MP4.
        let r = try Tools.run(
            "/bin/sh",
            ["-c", "\"$0\" render \"$1\" --segment 1/2 -o - -q --size 96x160 --quality draft > \"$2\"", Reel.path, project.timeline, piped])
        #expect(r.status == 0, "\(r.stderr)")
        let out = project.dir.file("joined.mp4")
        let joined = try Reel.run(["join", first, piped, "--timeline", project.timeline, "-o", out])
        expectRefused(joined, naming: piped, saying: "fragmented", output: out)
        #expect(!joined.stderr.contains(out), "\(joined.stderr)")
        // First or not: the part is named, never the output.
        let pipedFirst = project.dir.file("piped-0.mp4")
        let r0 = try Tools.run(
            "/bin/sh",
            ["-c", "\"$0\" render \"$1\" --segment 0/2 -o - -q --size 96x160 --quality draft > \"$2\"", Reel.path, project.timeline, pipedFirst])
        #expect(r0.status == 0, "\(r0.stderr)")
        let second = try segment(1, of: 2)
        let reversed = try Reel.run(["join", pipedFirst, second, "--timeline", project.timeline, "-o", out])
        expectRefused(reversed, naming: pipedFirst, saying: "fragmented", output: out)
    }
}
