import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineEditing
@testable import TimelineModel

/// Each edit keeps the timeline valid, does what it says, and undoes and redoes exactly.
@Suite struct TimelineEditorTests {
    let rate = FrameRate(30)
    func f(_ n: Int64) -> RationalTime { FrameRate(30).time(ofFrame: n) }

    /// Three 2 s videos (60 frames each), crossfades of 10 frames on both cuts, a title over all.
    func editor() throws -> TimelineEditor {
        var t = template(["2", "2", "2"])
        t.slots[0].transition = TransitionSpec(kind: "crossfade", duration: seconds("0.3333"))
        t.slots[1].transition = TransitionSpec(kind: "wipeLeft", duration: seconds("0.3333"))
        t.layers = [LayerSpec(id: "title", content: .text(TextLayerSpec(text: "Hi")))]
        let r = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "10"), video("b.mov", "10"), video("c.mov", "10")])
        return try TimelineEditor(r.timeline)
    }

    /// Source time shown at every frame of the main track, for "nothing moved on screen" checks.
    func shown(_ t: Timeline) -> [RationalTime] {
        (0..<t.frameCount).map { n in
            let time = FrameRate(30).time(ofFrame: n)
            let c = t.clips.first { $0.layer == 0 && $0.timelineRange.contains(time) }
            return c.map { $0.sourceTime(at: time) } ?? .zero
        }
    }

    @Test func splitKeepsEveryFrameAndUndoRedo() throws {
        var e = try editor()
        let before = e.timeline
        try e.split("s2", atFrame: 80)
        #expect(e.timeline.clips.map(\.id) == ["s1", "s2", "s2-2", "s3"])
        #expect(e.timeline.clips[1].timelineRange == TimeRange(start: f(60), end: f(80)))
        #expect(e.timeline.clips[2].sourceRange.start == e.timeline.clips[1].sourceRange.end)
        #expect(shown(e.timeline) == shown(before))
        #expect(e.timeline.transitions.map(\.from) == ["s1", "s2-2"])
        #expect(TimelineValidation.problems(e.timeline).isEmpty)
        #expect(e.undo() && e.timeline == before)
        #expect(e.redo() && e.timeline.clips.count == 4)
        #expect(throws: EditError.self) { try e.split("s1", atFrame: 60) }
    }

    @Test func trimRipplesLaterClipsAndTransitionsFollow() throws {
        var e = try editor()
        try e.trim("s1", endFrames: 10)
        let t = e.timeline
        #expect(t.clips[0].timelineRange == TimeRange(start: .zero, end: f(50)))
        #expect(t.clips[0].sourceRange.duration == f(50))
        #expect(t.clips[1].timelineRange.start == f(50) && t.duration == f(170))
        #expect(t.transitions[0].range == TimeRange(start: f(45), end: f(55)), "re-centred on the new cut")
        #expect(t.texts[0].timelineRange.end == t.duration, "layers end with the video")
        #expect(TimelineValidation.problems(t).isEmpty)
        try e.trim("s2", startFrames: 6)
        #expect(e.timeline.clips[1].sourceRange.start == e.timeline.clips[1].sourceRange.start)
        #expect(throws: EditError.self) { try e.trim("s3", endFrames: 60) }
        #expect(e.timeline.duration == f(164), "a refused edit changes nothing")
    }

    @Test func slipDeleteMoveAndReorder() throws {
        var e = try editor()
        try e.slip("s1", sourceStart: RationalTime(seconds: 3))
        #expect(e.timeline.clips[0].sourceRange.start == RationalTime(seconds: 3))
        try e.delete("s2")
        #expect(e.timeline.clips.map(\.id) == ["s1", "s3"] && e.timeline.transitions.isEmpty && e.timeline.duration == f(120))
        e.undo()
        let cuts = try e.move("s3", to: 0)
        #expect(e.timeline.clips.map(\.id) == ["s3", "s1", "s2"])
        #expect(e.timeline.transitions.map(\.kind) == ["crossfade", "wipeLeft"], "each cut keeps its transition")
        #expect(e.timeline.transitions.map(\.from) == ["s3", "s1"] && e.timeline.transitions.map(\.to) == ["s1", "s2"])
        #expect(cuts.map(\.cut) == [0, 1] && !cuts.contains { $0.isShortened }, "\(cuts)")
        try e.reorder(["s1", "s2", "s3"])
        #expect(e.timeline.clips.map(\.id) == ["s1", "s2", "s3"])
        #expect(throws: EditError.self) { try e.reorder(["s1", "s2"]) }
        #expect(TimelineValidation.problems(e.timeline).isEmpty)
    }

    @Test func speedReverseRotateVolumeAndFilters() throws {
        var e = try editor()
        let original = e.timeline
        try e.setSpeed("s2", RationalTime(value: 1, timescale: 2))
        #expect(e.timeline.clips[1].sourceRange.duration == RationalTime(seconds: 1))
        #expect(e.timeline.clips[1].timelineRange.duration == RationalTime(seconds: 2))
        try e.setReverse("s2", true)
        #expect(e.timeline.clips[1].reverse)
        try e.rotate("s3", quarterTurns: -1)
        #expect(e.timeline.clips[2].orientation.rotation == 270)
        try e.setVolume("s1", 0.5)
        #expect(e.timeline.clips[0].volume == 0.5)
        try e.mute("s1")
        #expect(e.timeline.clips[0].volume == 0)
        #expect(throws: EditError.self) { try e.setVolume("s1", -1) }
        try e.addFilter("s1", Effect(kind: "grayscale", parameters: ["strength": 1]))
        #expect(e.timeline.clips[0].filters.map(\.kind) == ["grayscale"])
        for _ in 0..<7 { e.undo() }
        #expect(!e.canUndo && e.timeline == original)
    }

    @Test func transitionsAreSetCentredAndRefusedWhenTooLong() throws {
        var e = try editor()
        try e.setTransition(after: "s1", kind: "dipToBlack", frames: 20, easing: .easeIn)
        let tr = try #require(e.timeline.transitions.first { $0.from == "s1" })
        #expect(tr.kind == "dipToBlack" && tr.range == TimeRange(start: f(50), end: f(70)))
        #expect(throws: EditError.self) { try e.setTransition(after: "s2", kind: "crossfade", frames: 40) }
        #expect(throws: EditError.self) { try e.setTransition(after: "s3", kind: "crossfade", frames: 4) }
        try e.removeTransition(after: "s2")
        #expect(e.timeline.transitions.map(\.from) == ["s1"])
    }

    @Test func randomEditsKeepTheTimelineValidAndUndoToTheStart() throws {
        var e = try editor()
        let start = e.timeline
        var g = SeededGenerator(seed: 42)
        var applied = 0
        for _ in 0..<300 {
            let ids = e.timeline.clips.map(\.id)
            let id = ids[g.next(below: ids.count)]
            let before = e.timeline
            do {
                switch g.next(below: 7) {
                case 0: try e.split(id, atFrame: Int64(g.next(below: Int(e.timeline.frameCount))))
                case 1: try e.trim(id, startFrames: Int64(g.next(below: 9)) - 4, endFrames: Int64(g.next(below: 9)) - 4)
                case 2:
                    // Deleting only while clips are plenty keeps the walk long.
                    if ids.count > 4 { try e.delete(id) } else { try e.split(id, atFrame: Int64(g.next(below: Int(e.timeline.frameCount)))) }
                case 3: try e.move(id, to: g.next(below: 4))
                case 4: try e.setSpeed(id, RationalTime(value: Int64(1 + g.next(below: 4)), timescale: 2))
                case 5: try e.setTransition(after: id, kind: "crossfade", frames: Int64(g.next(below: 30)))
                default: try e.rotate(id, quarterTurns: 1)
                }
                applied += 1
            } catch {
                #expect(e.timeline == before, "a refused edit changes nothing")
            }
            #expect(TimelineValidation.problems(e.timeline).isEmpty)
            if e.timeline.clips.count < 2 { break }
        }
        #expect(applied > 20)
        while e.undo() {}
        #expect(e.timeline == start)
    }

    /// An edit is accepted only when its result reads back: a value beyond its limit, which only
    /// the reader's value checks know, is refused with the reader's code and JSON Pointer.
    @Test func anEditBeyondALimitIsRefusedAsReadingWouldRefuseIt() throws {
        var e = try editor()
        let before = e.timeline
        let speed = Result { () throws(EditError) in try e.setSpeed("s1", RationalTime(seconds: 100)) }
        guard case .failure(.invalid(_, let problems)) = speed else {
            Issue.record("speed 100 was accepted: \(speed)")
            return
        }
        #expect(problems.map(\.code) == [.outOfRange] && problems.first?.path.pointer == "/clips/0/speed", "\(problems)")
        #expect(problems.first?.description.hasPrefix("error[T015]: /clips/0/speed: speed 100 is outside 1/40...4") == true, "\(problems)")
        let text = Result { () throws(EditError) in try e.setText("title", String(repeating: "x", count: 15000)) }
        guard case .failure(.invalid(_, let textProblems)) = text else {
            Issue.record("a text of 15000 characters was accepted")
            return
        }
        #expect(textProblems.map(\.code) == [.textTooLong] && textProblems.first?.path.pointer == "/texts/0/text", "\(textProblems)")
        #expect(e.timeline == before && !e.canUndo, "a refused edit changes nothing")
    }

    /// Trimming, splitting and shortening keep every keyframe (motion and filter animation)
    /// within its clip, the pose on screen unchanged.
    @Test func keyframesStayWithinTheirClipThroughEdits() throws {
        var t = try editor().timeline
        t.clips[0].motion = [TransformKeyframe(time: .zero, scale: 1), TransformKeyframe(time: f(60), scale: 2)]
        t.clips[0].filters = [
            Effect(
                kind: "saturation", parameters: ["amount": 1], animation: ["amount": [.init(time: .zero, value: 0), .init(time: f(60), value: 2)]])
        ]
        var e = try TimelineEditor(t)
        try e.trim("s1", startFrames: 15, endFrames: 15)
        let c = e.timeline.clips[0]
        #expect(c.motion.map(\.time) == [.zero, f(30)] && c.motion.map(\.scale) == [1.25, 1.75], "\(c.motion)")
        #expect(c.filters[0].animation["amount"]?.map(\.time) == [.zero, f(30)], "\(c.filters)")
        #expect(c.filters[0].animation["amount"]?.map(\.value) == [0.5, 1.5])
        try e.split("s1", atFrame: 10)
        let (a, b) = (e.timeline.clips[0], e.timeline.clips[1])
        #expect(a.motion.last?.time == f(10) && b.motion.first?.time == .zero && b.motion.last?.time == f(20), "\(a.motion) \(b.motion)")
        #expect(b.filters[0].animation["amount"]?.map(\.time) == [.zero, f(20)], "\(b.filters)")
        #expect(TimelineValidation.problems(e.timeline).isEmpty)
    }
}
