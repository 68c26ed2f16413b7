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
}
