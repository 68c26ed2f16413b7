import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

@Suite struct ResolverTests {
    @Test func fillsSlotsInOrderAtFullSpeed() throws {
        let r = try Resolver.resolve(
            template: template(["2.5", "1.5"]), templateFolder: "tpl",
            media: [video("a.mov", "10"), image("b.jpg")])
        let clips = r.timeline.clips
        #expect(clips.map(\.media) == ["a.mov", "b.jpg"])
        #expect(clips[0].timelineRange == TimeRange(start: .zero, duration: seconds("2.5")))
        #expect(clips[0].sourceRange == TimeRange(start: .zero, duration: seconds("2.5")))
        #expect(clips[0].speed == RationalTime(seconds: 1))
        #expect(clips[1].kind == .image)
        #expect(clips[1].timelineRange == TimeRange(start: seconds("2.5"), duration: seconds("1.5")))
        #expect(clips[1].sourceRange == TimeRange(start: .zero, duration: seconds("1.5")))
        #expect(r.timeline.duration == RationalTime(seconds: 4))
        #expect(r.timeline.source == "Test")
        #expect(r.diagnostics.isEmpty)
        #expect(r.summary[0] == "slot 1 (s1) <- a.mov 00:00.00-00:02.50")
        // A photo in a slot without motion gets a gentle move, named in the summary.
        let motion = try #require(r.assignments[1].defaultMotion)
        #expect(MotionMapping.stillMotions.contains(motion))
        #expect(r.summary[1] == "slot 2 (s2) <- b.jpg still for 00:01.50, \(motion)")
        #expect(clips[1].motion.count == 2)
    }

    /// A slot that a template built in code (not read, where T011 refuses it) makes shorter than
    /// a frame once the cuts are on the frame grid is left out with R005, and the others fill.
    @Test func aSlotShorterThanAFrameOnTheGridIsLeftOut() throws {
        let r = try Resolver.resolve(
            template: template(["1", "0.01", "1"]), templateFolder: "tpl", media: [video("a.mov", "10"), video("b.mov", "10")])
        let warning = try #require(r.diagnostics.first(.slotTooShort))
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("slot 's2'"), "\(warning.message)")
        #expect(warning.location.path?.pointer == "/slots/1")
        #expect(r.timeline.clips.map(\.id) == ["s1", "s3"])
        #expect(r.timeline.duration == seconds("2"))
    }

    @Test func fewerMediaThanSlotsCyclesAndContinuesVideos() throws {
        let r = try Resolver.resolve(
            template: template(["2", "1", "2", "1", "2"]), templateFolder: "tpl",
            media: [video("a.mov", "5"), image("b.jpg")])
        let clips = r.timeline.clips
        #expect(clips.map(\.media) == ["a.mov", "b.jpg", "a.mov", "b.jpg", "a.mov"])
        // a.mov: [0, 2), then the next segment [2, 4), then too little is left: back to [0, 2).
        #expect(clips[0].sourceRange == TimeRange(start: .zero, duration: RationalTime(seconds: 2)))
        #expect(clips[2].sourceRange == TimeRange(start: RationalTime(seconds: 2), duration: RationalTime(seconds: 2)))
        #expect(clips[4].sourceRange == TimeRange(start: .zero, duration: RationalTime(seconds: 2)))
        #expect(r.leftOut.isEmpty)
    }

    @Test func neverTheSameMediaTwiceInARowWhenAvoidable() throws {
        let r = try Resolver.resolve(
            template: template(Array(repeating: "1", count: 7)), templateFolder: "tpl",
            media: [image("a.jpg"), image("b.jpg"), image("c.jpg")])
        let paths = r.timeline.clips.map(\.media)
        #expect(paths == ["a.jpg", "b.jpg", "c.jpg", "a.jpg", "b.jpg", "c.jpg", "a.jpg"])
        for (x, y) in zip(paths, paths.dropFirst()) { #expect(x != y) }
    }

    @Test func aSingleVideoFillsEverySlotWithSuccessiveSegments() throws {
        let r = try Resolver.resolve(template: template(["1", "1", "1"]), templateFolder: "tpl", media: [video("a.mov", "2.5")])
        #expect(r.timeline.clips.map(\.sourceRange.start) == [.zero, RationalTime(seconds: 1), .zero])
    }

    @Test func moreMediaThanSlotsReportsTheRestAsLeftOut() throws {
        let media = [image("a.jpg"), image("b.jpg"), video("c.mov", "3"), image("d.jpg")]
        let r = try Resolver.resolve(template: template(["1", "1"]), templateFolder: "tpl", media: media)
        #expect(r.timeline.clips.map(\.media) == ["a.jpg", "b.jpg"])
        #expect(r.leftOut.map(\.path) == ["c.mov", "d.jpg"])
        let note = try #require(r.diagnostics.first(.mediaLeftOut))
        #expect(note.severity == .note)
        #expect(note.message.contains("c.mov, d.jpg"))
    }

    @Test func shortVideoIsSlowedToFitExactly() throws {
        let r = try Resolver.resolve(template: template(["2.5"]), templateFolder: "tpl", media: [video("IMG_2041.MOV", "2")])
        let clip = r.timeline.clips[0]
        #expect(clip.speed == RationalTime(value: 4, timescale: 5))
        #expect(clip.sourceRange == TimeRange(start: .zero, duration: RationalTime(seconds: 2)))
        #expect(clip.timelineRange.duration * clip.speed == clip.sourceRange.duration)
        #expect(r.summary == ["slot 1 (s1) <- IMG_2041.MOV 00:00.00-00:02.00, slowed to 0.8x"])
        #expect(r.diagnostics.codes == [.videoSlowed])
        #expect(!r.diagnostics.hasFailures(strict: true))
    }

    @Test func videoShorterThanHalfTheSlotHoldsItsLastFrame() throws {
        let r = try Resolver.resolve(template: template(["3"]), templateFolder: "tpl", media: [video("a.mov", "1")])
        let clip = r.timeline.clips[0]
        #expect(clip.speed == RationalTime(value: 1, timescale: 2))
        #expect(clip.sourceRange == TimeRange(start: .zero, duration: seconds("1.5")))
        #expect(r.assignments[0].holdsLastFrame)
        let warning = try #require(r.diagnostics.first(.videoTooShort))
        #expect(warning.severity == .warning)
        #expect(warning.location.path?.description == "slots[0]")
        #expect(r.summary[0] == "slot 1 (s1) <- a.mov 00:00.00-00:01.00, slowed to 0.5x, last frame held for 00:01.00")
    }

    @Test func slotsTakeTheKindTheyAccept() throws {
        let media = [image("a.jpg"), video("b.mov", "5"), image("c.jpg"), video("d.mov", "5")]
        let r = try Resolver.resolve(
            template: template(["1", "1", "1"], accepts: [.video, .image, .video]), templateFolder: "tpl",
            media: media)
        #expect(r.timeline.clips.map(\.media) == ["b.mov", "a.jpg", "d.mov"])
        #expect(r.leftOut.map(\.path) == ["c.jpg"])
        #expect(!r.diagnostics.contains { $0.code == .kindFallback })
    }

    @Test func aSlotFallsBackToAnotherKindWithAWarning() throws {
        let r = try Resolver.resolve(
            template: template(["1", "1"], accepts: [.video, .any]), templateFolder: "tpl",
            media: [image("a.jpg"), image("b.jpg")])
        #expect(r.timeline.clips.map(\.media) == ["a.jpg", "b.jpg"])
        let warning = try #require(r.diagnostics.first(.kindFallback))
        #expect(warning.severity == .warning)
        #expect(r.assignments[0].isKindFallback)
    }

    @Test func cutsSnapToTheGridWithoutDrift() throws {
        let rate = FrameRate(numerator: 30000, denominator: 1001)
        let r = try Resolver.resolve(
            template: template(["1.1", "1.1", "1.1"], rate: rate), templateFolder: "tpl",
            media: [image("a.jpg")])
        // 1.1 s is 32.97 frames: the cuts are round(k * 32.97) = 33, 66, 99; never 33 + 33 + 33 by chance.
        let ends = r.timeline.clips.map { rate.frame(at: $0.timelineRange.end, rounding: .towardZero) }
        #expect(ends == [33, 66, 99])
        for clip in r.timeline.clips {
            #expect(rate.isOnGrid(clip.timelineRange.start))
            #expect(rate.isOnGrid(clip.timelineRange.end))
        }
        #expect(r.timeline.duration == rate.time(ofFrame: 99))
    }

    @Test func snappingCutsNotDurationsKeepsTheTotal() throws {
        // 1.01 s is 30.3 frames at 30 fps: ten snapped durations would give 300 frames, the exact total is 303.
        let r = try Resolver.resolve(
            template: template(Array(repeating: "1.01", count: 10)), templateFolder: "tpl",
            media: [image("a.jpg"), image("b.jpg")])
        #expect(r.timeline.frameCount == 303)
        let lengths = r.timeline.clips.map { FrameRate(30).frame(at: $0.timelineRange.duration, rounding: .towardZero) }
        #expect(lengths == [30, 31, 30, 30, 31, 30, 30, 30, 31, 30])
        for (a, b) in zip(r.timeline.clips, r.timeline.clips.dropFirst()) { #expect(a.timelineRange.end == b.timelineRange.start) }
    }

    @Test func tiesRoundAwayFromZero() {
        // 1/60 s at 30 fps is exactly half a frame.
        let cuts = CutGrid.cuts(durations: [RationalTime(value: 1, timescale: 60)], frameRate: FrameRate(30))
        #expect(cuts == [.zero, RationalTime(value: 1, timescale: 30)])
    }

    @Test func orientationFitAndVolumeComeFromAssetAndSlot() throws {
        var t = template(["1"])
        t.slots[0].fit = .contain
        t.slots[0].volume = 0.5
        let r = try Resolver.resolve(
            template: t, templateFolder: "tpl",
            media: [video("a.mov", "4", orientation: Orientation(rotation: 90))])
        let clip = r.timeline.clips[0]
        #expect(clip.orientation == Orientation(rotation: 90))
        #expect(clip.fit == .contain)
        #expect(clip.volume == 0.5)
        #expect(clip.id == "s1")
    }

    @Test func musicPlaysUnderTheWholeTimeline() throws {
        let music = MusicSpec(file: "music/track.m4a", start: seconds("1.25"), volume: 0.8, fadeIn: seconds("0.5"), fadeOut: seconds("1.5"))
        let r = try Resolver.resolve(
            template: template(["2", "3"], music: music), templateFolder: "templates/postcard/",
            media: [image("a.jpg")])
        #expect(
            r.timeline.audio == [
                AudioClip(
                    id: "music", media: "templates/postcard/music/track.m4a",
                    timelineRange: TimeRange(start: .zero, duration: RationalTime(seconds: 5)),
                    sourceStart: seconds("1.25"), volume: 0.8, fadeIn: seconds("0.5"), fadeOut: seconds("1.5"))
            ])
        #expect(r.timeline.output == OutputSettings())
    }

    @Test func resolvingIsDeterministic() throws {
        let media = [video("a.mov", "3.3"), image("b.jpg"), video("c.mov", "0.7")]
        let t = template(["1.1", "2", "0.9", "3", "1.1"], rate: FrameRate(numerator: 30000, denominator: 1001))
        let first = try Resolver.resolve(template: t, templateFolder: "tpl", media: media)
        let second = try Resolver.resolve(template: t, templateFolder: "tpl", media: media)
        #expect(first == second)
        #expect(TimelineCodec.encode(first.timeline) == TimelineCodec.encode(second.timeline))
    }

    @Test func noMediaIsThrown() {
        #expect(throws: ResolveError.noMedia(template: "Test")) {
            try Resolver.resolve(template: template(["1"]), templateFolder: "tpl", media: [])
        }
    }
}
