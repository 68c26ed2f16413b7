import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

/// Random templates and media (seeded, so a failure repeats): every timeline the resolver makes
/// is valid and exactly as long as the template's snapped length; the same inputs give the same bytes.
@Suite struct ResolverPropertyTests {
    struct Scenario {
        var template: Template
        var media: [MediaAsset]
        var options: ResolveOptions
    }

    static func scenario(_ seed: UInt64) -> Scenario {
        var g = SeededGenerator(seed: seed)
        let rates = [FrameRate(24), FrameRate(25), FrameRate(30), FrameRate(numerator: 30000, denominator: 1001), FrameRate(60)]
        let rate = rates[g.next(below: rates.count)]
        let transitions = ["crossfade", "wipeLeft", "dipToBlack", "cut"]
        var slots: [SlotSpec] = []
        for i in 0..<(1 + g.next(below: 8)) {
            let duration = RationalTime(value: Int64(200 + g.next(below: 3000)), timescale: 1000)
            var playback = Playback()
            playback.speed = [RationalTime(seconds: 1), RationalTime(value: 1, timescale: 2), RationalTime(value: 3, timescale: 2)][g.next(below: 3)]
            playback.reverse = g.next(below: 4) == 0
            playback.whenShorter = WhenShorter.allCases[g.next(below: 3)]
            playback.whenLonger = WhenLonger.allCases[g.next(below: 4)]
            var slot = SlotSpec(
                id: "s\(i)", accepts: SlotAccepts.allCases[g.next(below: 3)], duration: duration, playback: playback,
                orientation: PreferredOrientation.allCases[g.next(below: 4)])
            if g.next(below: 2) == 0 {
                // At most half of the shortest slot possible, as the template rules require.
                slot.transition = TransitionSpec(
                    kind: transitions[g.next(below: transitions.count)],
                    duration: RationalTime(value: Int64(20 + g.next(below: 80)), timescale: 1000))
            }
            slots.append(slot)
        }
        var media: [MediaAsset] = []
        for i in 0..<(1 + g.next(below: 12)) {
            let w = [1080, 1920, 1000][g.next(below: 3)]
            let h = [1920, 1080, 1000][g.next(below: 3)]
            if g.next(below: 2) == 0 {
                var v = MediaAsset(
                    path: "v\(i).mov", kind: .video, duration: RationalTime(value: Int64(100 + g.next(below: 8000)), timescale: 1000),
                    displayWidth: w, displayHeight: h, frameRate: FrameRate(30), captureDate: "2024-01-\(10 + g.next(below: 9))")
                if g.next(below: 2) == 0 { v.segmentScores = (0..<9).map { _ in Double(g.next(below: 100)) / 100 } }
                media.append(v)
            } else {
                media.append(MediaAsset(path: "p\(i).jpg", kind: .image, duration: nil, displayWidth: w, displayHeight: h))
            }
        }
        let template = Template(
            name: "Random", canvas: Canvas(width: 1080, height: 1920), frameRate: rate,
            music: MusicSpec(file: "m.m4a", loop: true), slots: slots)
        let options = ResolveOptions(
            order: MediaOrder.allCases[g.next(below: 3)], useAll: g.next(below: 3) == 0, seed: g.next(),
            musicDuration: RationalTime(seconds: Int64(1 + g.next(below: 5))))
        return Scenario(template: template, media: media, options: options)
    }

    @Test(arguments: 0..<200)
    func everyTimelineIsValidAndExactlyTheTemplatesLength(seed: Int) throws {
        let s = Self.scenario(UInt64(seed))
        let outcome = Result { () throws(ResolveError) in
            try Resolver.resolve(template: s.template, templateFolder: "tpl", media: s.media, options: s.options)
        }
        if case .failure(let error) = outcome, case .noPlaceForKind(_, let kind, let count) = error {
            // Refused only when --use-all must place a kind that no slot takes.
            #expect(s.options.useAll && !s.template.slots.contains { $0.accepts.accepts(kind) }, "seed \(seed)")
            #expect(count == s.media.filter { $0.kind == kind }.count, "seed \(seed)")
            return
        }
        let r = try outcome.get()
        if s.options.useAll {
            #expect(
                r.leftOut.isEmpty,
                "seed \(seed): --use-all uses every medium: \(s.template.slots.map { "\($0.id):\($0.accepts.rawValue)" }) \(s.media.map(\.path)) -> \(r.timeline.clips.map { "\($0.id)=\($0.media)" })"
            )
        }
        let problems = TimelineValidation.problems(r.timeline)
        #expect(problems.isEmpty, "seed \(seed): \(problems)")
        if !s.options.useAll {
            let total = try #require(s.template.totalDuration)
            #expect(r.timeline.duration == s.template.frameRate.snap(total, rounding: .toNearestOrAwayFromZero), "seed \(seed)")
        }
        // Music covers the video exactly, back to back.
        #expect(r.timeline.audio.first?.timelineRange.start == .zero)
        #expect(r.timeline.audio.last?.timelineRange.end == r.timeline.duration, "seed \(seed)")
        #expect(r.leftOut.count + Set(r.assignments.map(\.media.path)).count == s.media.count, "seed \(seed)")
        // Deterministic: the same inputs, the same bytes; and a round trip through the text keeps them.
        let again = try Resolver.resolve(template: s.template, templateFolder: "tpl", media: s.media, options: s.options)
        let text = TimelineCodec.encode(r.timeline)
        #expect(TimelineCodec.encode(again.timeline) == text)
        #expect(TimelineCodec.encode(try TimelineCodec.decode(text)) == text)
    }
}
