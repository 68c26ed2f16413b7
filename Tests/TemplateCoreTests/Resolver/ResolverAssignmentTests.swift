import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

func landscapeVideo(_ path: String, _ duration: String, date: String? = nil) -> MediaAsset {
    MediaAsset(
        path: path, kind: .video, duration: seconds(duration), displayWidth: 1920, displayHeight: 1080, frameRate: FrameRate(30),
        captureDate: date)
}

/// Which media go where, which part of a video plays, how it is fitted, and the handles of transitions.
@Suite struct ResolverAssignmentTests {
    func resolve(_ t: Template, _ media: [MediaAsset], _ options: ResolveOptions = ResolveOptions()) throws -> Resolution {
        try Resolver.resolve(template: t, templateFolder: "tpl", media: media, options: options)
    }

    @Test func orderByNameIsNaturalAndByDateOldestFirst() throws {
        let media = [image("IMG_10.jpg"), image("IMG_9.jpg"), image("img_2.jpg")]
        let byName = try resolve(template(["1", "1", "1"]), media, ResolveOptions(order: .name))
        #expect(byName.timeline.clips.map(\.media) == ["img_2.jpg", "IMG_9.jpg", "IMG_10.jpg"])
        let dated = [
            landscapeVideo("a.mov", "5", date: "2024-05-02T10:00:00Z"), landscapeVideo("b.mov", "5"),
            landscapeVideo("c.mov", "5", date: "2024-05-01T09:00:00Z"),
        ]
        let byDate = try resolve(template(["1", "1", "1"]), dated, ResolveOptions(order: .date))
        #expect(byDate.timeline.clips.map(\.media) == ["c.mov", "a.mov", "b.mov"])
        #expect(MediaOrdering.naturalCompare("a2", "a10") < 0 && MediaOrdering.naturalCompare("a010", "a9") > 0)
    }

    @Test func slotsPreferMediaOfTheirOrientation() throws {
        var t = template(["1", "1"])
        t.slots[0].orientation = .landscape
        let r = try resolve(t, [video("portrait.mov", "5"), landscapeVideo("wide.mov", "5")])
        #expect(r.timeline.clips.map(\.media) == ["wide.mov", "portrait.mov"])
    }

    @Test func anySlotsLeaveMediaToSlotsOfOneKind() throws {
        let r = try resolve(template(["1", "1"], accepts: [.any, .video]), [video("v.mov", "5"), image("p.jpg")])
        #expect(r.timeline.clips.map(\.media) == ["p.jpg", "v.mov"])
        #expect(r.leftOut.isEmpty)
    }

    @Test func withTooManyMediaTheShortVideosAreLeftOut() throws {
        let r = try resolve(template(["2", "2"]), [video("short.mov", "0.5"), video("a.mov", "5"), video("b.mov", "5")])
        #expect(r.timeline.clips.map(\.media) == ["a.mov", "b.mov"])
        #expect(r.leftOut.map(\.path) == ["short.mov"])
    }

    @Test func useAllRepeatsTheMiddleSlots() throws {
        let media = (1...7).map { image("p\($0).jpg") }
        let r = try resolve(template(["1", "2", "3", "1"]), media, ResolveOptions(useAll: true))
        #expect(r.timeline.clips.map(\.id) == ["s1", "s2", "s3", "s2-2", "s3-2", "s2-3", "s4"])
        #expect(r.leftOut.isEmpty)
        #expect(r.timeline.duration == RationalTime(seconds: 14))
        #expect(TimelineValidation.problems(r.timeline).isEmpty)
    }

    /// `--use-all` repeats the slots of the kinds the remaining media need: five photos and a video
    /// in [open:any][v:video][p:image][close:any] repeat the photo slot, not the video one.
    @Test func useAllRepeatsSlotsOfTheKindsTheMediaNeed() throws {
        let t = template(["1", "1", "1", "1"], accepts: [.any, .video, .image, .any])
        let media = [video("v.mov", "5")] + (1...5).map { image("p\($0).jpg") }
        let r = try resolve(t, media, ResolveOptions(useAll: true))
        #expect(r.timeline.clips.map(\.id) == ["s1", "s2", "s3", "s3-2", "s3-3", "s4"])
        #expect(r.leftOut.isEmpty)
        #expect(Set(r.timeline.clips.map(\.media)) == Set(media.map(\.path)))
        #expect(TimelineValidation.problems(r.timeline).isEmpty)
        // A group without a slot of the kind short of places: the template's own slot of it repeats.
        var marked = template(["1", "1", "1"], accepts: [.image, .video, .video])
        marked.slots[1].repeatable = true
        let more = try resolve(marked, [video("v.mov", "5")] + (1...3).map { image("p\($0).jpg") }, ResolveOptions(useAll: true))
        #expect(more.leftOut.isEmpty, "\(more.timeline.clips.map(\.id))")
        #expect(more.timeline.clips.filter { $0.kind == .image }.count == 3)
    }

    /// Where no slot of the template takes a kind, `--use-all` fails and says which kind.
    @Test func useAllFailsWhereNoSlotTakesAKind() throws {
        let t = template(["1", "1"], accepts: [.video, .video])
        let media = [video("v.mov", "5"), image("p1.jpg"), image("p2.jpg")]
        #expect(throws: ResolveError.noPlaceForKind(template: t.name, kind: .image, count: 2)) {
            try resolve(t, media, ResolveOptions(useAll: true))
        }
        let plain = try resolve(t, media)
        #expect(plain.leftOut.map(\.path) == ["p1.jpg", "p2.jpg"], "without --use-all the photos are left out, with a note")
        #expect(ResolveError.noPlaceForKind(template: "T", kind: .image, count: 2).description.contains("no slot or media layer"))
    }

    /// A template that marks its repeatable group grows there, and only there.
    @Test func useAllRepeatsTheMarkedGroup() throws {
        var t = template(["1", "1", "2", "2", "1"])
        t.slots[2].repeatable = true
        t.slots[3].repeatable = true
        let media = (1...8).map { image("p\($0).jpg") }
        let r = try resolve(t, media, ResolveOptions(useAll: true))
        #expect(r.timeline.clips.map(\.id) == ["s1", "s2", "s3", "s4", "s3-2", "s4-2", "s3-3", "s5"])
        #expect(r.leftOut.isEmpty)
        #expect(TimelineValidation.problems(r.timeline).isEmpty)
    }

    @Test(arguments: [(WhenLonger.start, "0"), (.middle, "4"), (.end, "8")])
    func segmentRules(rule: WhenLonger, start: String) throws {
        var t = template(["2"])
        t.slots[0].playback.whenLonger = rule
        let clip = try resolve(t, [video("a.mov", "10")]).timeline.clips[0]
        #expect(clip.sourceRange == TimeRange(start: seconds(start), duration: RationalTime(seconds: 2)))
    }

    @Test func bestSkipsDarkBlurredAndStillSeconds() throws {
        var t = template(["2"])
        t.slots[0].playback.whenLonger = .best
        var a = video("a.mov", "8")
        a.segmentScores = [0, 0, 0.1, 0.9, 0.8, 0.2, 0, 0]
        #expect(try resolve(t, [a]).timeline.clips[0].sourceRange.start == RationalTime(seconds: 3))
        a.segmentScores = nil
        #expect(try resolve(t, [a]).timeline.clips[0].sourceRange.start == .zero, "without analysis, best is start")
    }

    @Test func shortVideoPolicies() throws {
        var t = template(["4"])
        t.slots[0].playback.whenShorter = .loop
        let looped = try resolve(t, [video("a.mov", "1.5")])
        #expect(looped.timeline.clips[0].loop && looped.timeline.clips[0].sourceRange.duration == RationalTime(seconds: 4))
        #expect(looped.summary[0].hasSuffix(", looped"))
        t.slots[0].playback.whenShorter = .freeze
        let frozen = try resolve(t, [video("a.mov", "1.5")])
        #expect(frozen.timeline.clips[0].speed == RationalTime(seconds: 1) && frozen.assignments[0].holdsLastFrame)
        t.slots[0].playback.whenShorter = .speedFit
        t.slots[0].playback.minSpeed = RationalTime(value: 1, timescale: 4)
        let fitted = try resolve(t, [video("a.mov", "1.5")])
        #expect(fitted.timeline.clips[0].speed == RationalTime(value: 3, timescale: 8))
        #expect(fitted.diagnostics.codes == [.videoSlowed])
    }

    @Test func segmentsKeepHandlesForTheTransitionsBesideThem() throws {
        var t = template(["2", "2"])
        t.slots[0].transition = TransitionSpec(kind: "crossfade", duration: RationalTime(seconds: 1))
        let r = try resolve(t, [video("a.mov", "10"), video("b.mov", "10")])
        // 30 frames: 15 before the cut, 15 after; b starts half a second in so it has them.
        #expect(r.timeline.clips[1].sourceRange.start == seconds("0.5"))
        #expect(r.timeline.transitions.first?.range == TimeRange(start: seconds("1.5"), duration: RationalTime(seconds: 1)))
        #expect(r.diagnostics.isEmpty)
    }

    @Test func transitionsShrinkWhereClipsLackHandles() throws {
        var t = template(["2", "2"])
        t.slots[0].transition = TransitionSpec(kind: "crossfade", duration: RationalTime(seconds: 1))
        // a.mov is exactly as long as its slot: no frame after its out-point, so the transition becomes a cut.
        let cut = try resolve(t, [video("a.mov", "2"), video("b.mov", "10")])
        #expect(cut.timeline.transitions.isEmpty)
        let warning = try #require(cut.diagnostics.first(.transitionShortened))
        #expect(warning.message.contains("became a cut") && warning.message.contains("a.mov has 0 frames after its out-point"))
        #expect(warning.location.path?.description == "slots[0].transition")
        // 2.2 s: 6 frames after the out-point, so 12 frames, still centred on the cut at frame 60.
        let short = try resolve(t, [video("a.mov", "2.2"), video("b.mov", "10")])
        #expect(short.timeline.transitions.first?.range == TimeRange(start: FrameRate(30).time(ofFrame: 54), end: FrameRate(30).time(ofFrame: 66)))
        #expect(short.timeline.clips[0].timelineRange.end == RationalTime(seconds: 2), "the cut never moves")
        // Photos have unlimited handles.
        let photos = try resolve(t, [image("a.jpg"), image("b.jpg")])
        #expect(photos.timeline.transitions.first?.range.duration == RationalTime(seconds: 1) && photos.diagnostics.isEmpty)
    }

    @Test func reusedPhotosGetADifferentMove() throws {
        let r = try resolve(template(["1", "1", "1", "1"]), [image("a.jpg"), image("b.jpg")], ResolveOptions(seed: 3))
        let moves = r.assignments.map { $0.defaultMotion ?? "" }
        #expect(moves[0] != moves[2] && moves[1] != moves[3])
        let other = try resolve(template(["1", "1", "1", "1"]), [image("a.jpg"), image("b.jpg")], ResolveOptions(seed: 3))
        #expect(other == r)
    }
}
