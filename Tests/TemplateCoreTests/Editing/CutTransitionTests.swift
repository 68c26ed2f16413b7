import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineEditing
@testable import TimelineModel

/// A transition belongs to its cut: swaps and moves keep every cut's transition, between the
/// clips that now meet there, shortened by the one rule (`TransitionPlacement.fit`) only where
/// those clips are too short or lack the frames beyond their source ranges.
@Suite struct CutTransitionTests {
    func f(_ n: Int64) -> RationalTime { FrameRate(30).time(ofFrame: n) }

    /// Clips of 2 s, 2 s and 0.4 s (12 frames); a crossfade of 10 frames on the first cut, a wipe of
    /// 6 on the second; videos of 10 s, so the resolver leaves each clip the handles it needs.
    func editor() throws -> TimelineEditor {
        var t = template(["2", "2", "0.4"])
        t.slots[0].transition = TransitionSpec(kind: "crossfade", duration: seconds("0.3333"))
        t.slots[1].transition = TransitionSpec(kind: "wipeLeft", duration: seconds("0.2"))
        let r = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "10"), video("b.mov", "10"), video("c.mov", "10")])
        var e = try TimelineEditor(r.timeline)
        e.videoDurations = ["a.mov": seconds("10"), "b.mov": seconds("10"), "c.mov": seconds("10")]
        return e
    }

    @Test func aSwapKeepsEachCutsTransitionCentredOnTheMovedCut() throws {
        var e = try editor()
        #expect(e.timeline.transitions.map(\.range) == [TimeRange(start: f(55), end: f(65)), TimeRange(start: f(117), end: f(123))])
        // s2 (60 frames) and s3 (12) change places: the cuts are now at frames 72 and 84.
        let cuts = try e.swap("s2", "s3")
        #expect(e.timeline.clips.map(\.id) == ["s1", "s3", "s2"])
        #expect(e.timeline.transitions.map(\.kind) == ["crossfade", "wipeLeft"])
        #expect(e.timeline.transitions.map(\.from) == ["s1", "s3"] && e.timeline.transitions.map(\.to) == ["s3", "s2"])
        // The crossfade meets the 12-frame clip: at most 6 frames (half of it), centred on frame 60.
        #expect(e.timeline.transitions[0].range == TimeRange(start: f(57), end: f(63)))
        #expect(e.timeline.transitions[1].range == TimeRange(start: f(69), end: f(75)))
        #expect(cuts.count == 2)
        #expect(
            cuts[0]
                == CutChange(
                    cut: 0, kind: "crossfade", from: "s1", to: "s3", was: 10, now: 6, reasons: ["half of the shorter clip beside it is 6 frames"]))
        #expect(cuts[1] == CutChange(cut: 1, kind: "wipeLeft", from: "s3", to: "s2", was: 6, now: 6))
        #expect(TimelineValidation.problems(e.timeline).isEmpty)
        #expect(e.undo() && e.timeline.transitions.map(\.range) == [TimeRange(start: f(55), end: f(65)), TimeRange(start: f(117), end: f(123))])
    }

    @Test func aClipWithoutHandlesShortensTheTransitionItNowMeets() throws {
        var e = try editor()
        // The first clip starts at 0 in its video: nothing before its in-point for a transition.
        #expect(e.timeline.clips[0].sourceRange.start == .zero)
        let cuts = try e.move("s1", to: 1)
        #expect(e.timeline.clips.map(\.id) == ["s2", "s1", "s3"])
        // The crossfade would show 5 frames of s1 before its in-point: it has none, so it is a cut.
        #expect(e.timeline.transitions.map(\.kind) == ["wipeLeft"] && e.timeline.transitions[0].from == "s1")
        let crossfade = try #require(cuts.first { $0.kind == "crossfade" })
        #expect(crossfade.now == 0 && crossfade.isShortened)
        #expect(crossfade.reasons == ["'s1' (a.mov) has 0 frames before its in-point, 5 needed"])
        // Without the videos' lengths, nothing is known to be missing: it stays whole.
        var blind = try editor()
        blind.videoDurations = [:]
        try blind.move("s1", to: 1)
        #expect(blind.timeline.transitions.map(\.kind) == ["crossfade", "wipeLeft"])
    }
}
