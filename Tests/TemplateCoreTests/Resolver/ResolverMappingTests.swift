import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

/// Everything a template says reaches the timeline: transitions, motion, filters, grade, layers,
/// texts and music, checked on the rich fixture that uses every part of the format.
@Suite struct ResolverMappingTests {
    static let rate = FrameRate(numerator: 30000, denominator: 1001)

    static func richTemplate() throws -> Template {
        let fixture = try RichFixture.fixture()
        defer { fixture.remove() }
        let result = try TemplateLoader.load(folder: fixture.folder)
        return try #require(result.template, "\(result.diagnostics)")
    }

    static let media = [
        video("a.mov", "10"), video("b.mov", "10"), video("c.mov", "10"), image("d.jpg"),
        video("e.mov", "10"), image("f.jpg"),
    ]

    static func resolve(texts: [String: String] = [:]) throws -> Resolution {
        try Resolver.resolve(template: richTemplate(), templateFolder: "tpl", media: media, options: ResolveOptions(texts: texts))
    }

    @Test func transitionsAreCentredOnTheCutsOnTheFrameGrid() throws {
        let t = try Self.resolve().timeline
        #expect(t.transitions.count == 2)
        let cross = t.transitions[0]
        #expect(cross.kind == "crossfade" && cross.from == "opening" && cross.to == "wipe" && cross.easing == .easeInOut)
        // 0.5 s at 30000/1001 is 14.985 frames: 15, 7 before the cut at frame 60 and 8 after.
        #expect(cross.range == TimeRange(start: Self.rate.time(ofFrame: 53), end: Self.rate.time(ofFrame: 68)))
        #expect(t.clips[0].timelineRange.end == Self.rate.time(ofFrame: 60))
        let luma = t.transitions[1]
        #expect(luma.kind == "lumaWipe" && luma.mask == "tpl/masks/wipe.png" && luma.parameters["softness"] == 0.2)
        #expect(luma.range.duration == Self.rate.time(ofFrame: 12))
        #expect(TimelineValidation.problems(t).isEmpty, "\(TimelineValidation.problems(t))")
    }

    @Test func slotPlaybackFiltersAndMotionReachTheClips() throws {
        let t = try Self.resolve().timeline
        let opening = t.clips[0]
        let wipe = t.clips[1]
        let moves = t.clips[2]
        let closing = t.clips[3]
        #expect(opening.fit == .blurredFill)
        #expect(opening.motion.map(\.scale) == [1, 1.15] && opening.motion.last?.time == opening.timelineRange.duration)
        // speed 0.5, and the middle of the video.
        #expect(wipe.speed == RationalTime(value: 1, timescale: 2))
        let middle = (RationalTime(seconds: 10) - wipe.sourceRange.duration) / 2
        #expect(wipe.sourceRange.start == middle)
        #expect(
            wipe.filters == [
                Effect(kind: "vignette", parameters: ["strength": 0.6, "radius": 0.8]),
                Effect(kind: "grayscale", parameters: ["strength": 1]),
            ])
        #expect(moves.reverse)
        #expect(moves.motion.count == 2 && moves.motion[1].scale == 1.3 && moves.motion[1].rotation == 5 && moves.motion[1].x == 0.1)
        #expect(moves.motion[1].time == moves.timelineRange.duration && moves.motion[0].easing == .linear)
        // Animated brightness from 0 to 0.2: its value at the middle.
        #expect(moves.filters.first?.kind == "brightness")
        #expect(abs((moves.filters.first?.parameters["amount"] ?? 0) - 0.1) < 1e-12)
        #expect(closing.kind == .image && closing.volume == 1)
        #expect(t.grade == [Effect(kind: "lut", parameters: ["strength": 0.7], file: "tpl/looks/warm.cube")])
    }

    @Test func mediaLayersBecomeUpperClipsFilledAfterTheMainTrack() throws {
        let r = try Self.resolve()
        let upper = r.timeline.clips.filter { $0.layer > 0 }
        #expect(upper.map(\.id) == ["left", "right"])
        #expect(upper.map(\.layer) == [1, 2])
        #expect(upper[0].frame == LayerRect(x: 0, y: 0, width: 0.5, height: 1))
        #expect(upper[0].timelineRange == TimeRange(start: Self.rate.time(ofFrame: 60), end: Self.rate.time(ofFrame: 120)))
        #expect(upper[1].kind == .image && upper[1].fit == .contain)
        #expect(upper[1].timelineRange.start == Self.rate.time(ofFrame: 60))
        // Main track takes media first: the layers get the fifth and sixth.
        #expect(r.assignments.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(r.leftOut.isEmpty)
    }

    @Test func imageAndTextLayersBecomeOverlaysAndTexts() throws {
        let t = try Self.resolve().timeline
        let sticker = try #require(t.overlays.first)
        #expect(sticker.media == "tpl/overlays/logo.png" && sticker.x == 0.9 && sticker.y == 0.1)
        #expect(sticker.anchorX == 1 && sticker.anchorY == 0 && sticker.width == 0.2 && sticker.opacity == 0.8)
        #expect(sticker.animationIn?.kind == "pop" && sticker.animationOut == LayerAnimation(kind: "fade", duration: seconds("0.3")))
        #expect(sticker.timelineRange == TimeRange(start: .zero, duration: t.duration))
        let title = try #require(t.texts.first)
        #expect(title.text == "Lisbon 2026" && title.y == 0.8 && title.maxWidth == 0.8)
        #expect(title.timelineRange == TimeRange(start: .zero, end: Self.rate.time(ofFrame: 90)))
        #expect(title.look.fontFile == "tpl/fonts/Title.ttf" && title.look.size == 96 && title.look.minimumSize == 48)
        #expect(title.look.stroke == TextStroke(color: .black, width: 3))
        #expect(title.look.shadow?.color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80) && title.look.shadow?.dy == 4)
        #expect(title.look.box?.color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x66) && title.look.box?.padding == 20)
        #expect(title.animationIn?.kind == "slideUp" && title.animationOut?.kind == "fade")
        #expect(title.maxLines == 2, "the template's maxLines reaches the renderer")
        // Stacked in the template's order with the media layers (left 1, right 2).
        #expect(sticker.layer == 3 && title.layer == 4)
    }

    @Test func textsFillPlaceholdersAndAMissingRequiredTextNamesItsKey() throws {
        #expect(try Self.resolve(texts: ["title": "Porto"]).timeline.texts[0].text == "Porto")
        var t = try Self.richTemplate()
        for i in t.layers.indices {
            if case .text(var spec) = t.layers[i].content {
                spec.text = ""
                t.layers[i].content = .text(spec)
            }
        }
        #expect(throws: ResolveError.missingText(template: "City Beats", key: "title")) {
            try Resolver.resolve(template: t, templateFolder: "tpl", media: Self.media)
        }
        #expect(throws: ResolveError.unknownTextKey(template: "City Beats", key: "titel", known: ["title"])) {
            try Resolver.resolve(template: t, templateFolder: "tpl", media: Self.media, options: ResolveOptions(texts: ["titel": "x"]))
        }
    }

    @Test func encodedTimelineRoundTripsByteForByte() throws {
        let t = try Self.resolve().timeline
        let text = TimelineCodec.encode(t)
        #expect(TimelineCodec.encode(try TimelineCodec.decode(text)) == text)
        #expect(try TimelineCodec.decode(text) == t)
    }
}
