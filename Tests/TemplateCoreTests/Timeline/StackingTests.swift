import MediaTime
import Testing

@testable import RenderCore
@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

/// One z-order for media layers, overlays and texts: the template's order reaches the timeline, its
/// file, and the plan of every frame; timelines written without stacking numbers plan as before.
@Suite struct StackingTests {
    static let rate = FrameRate(30)
    static func range(_ a: Int64, _ b: Int64) -> TimeRange { TimeRange(start: rate.time(ofFrame: a), end: rate.time(ofFrame: b)) }

    /// A card under a picture-in-picture, a label over it: image, media, text, in that order.
    static func pipTemplate() -> Template {
        var t = template(["2"])
        t.layers = [
            LayerSpec(id: "card", content: .image(ImageLayerSpec(file: "card.png"))),
            LayerSpec(id: "inset", content: .media(MediaLayerSpec(rect: LayerRect(x: 0.6, y: 0.1, width: 0.3, height: 0.3)))),
            LayerSpec(id: "label", content: .text(TextLayerSpec(text: "me", maxLines: 1))),
        ]
        return t
    }

    @Test func theResolverNumbersEveryLayerByItsPlaceInTheTemplate() throws {
        let t = try Resolver.resolve(template: Self.pipTemplate(), templateFolder: "tpl", media: [video("a.mov", "5"), video("b.mov", "5")]).timeline
        #expect(t.overlays.map(\.layer) == [1])
        #expect(t.clips.filter { $0.layer > 0 }.map(\.layer) == [2])
        #expect(t.texts.map(\.layer) == [3])
        #expect(t.texts.map(\.maxLines) == [1])
    }

    /// Main track, an inset on layer 2, a card under it (1), a label over it (3), and one overlay and
    /// one text without a number, drawn above every clip as before stacking.
    static func interleaved() -> Timeline {
        let clips = [
            VideoClip(id: "main", media: "m.mov", kind: .video, timelineRange: range(0, 30), sourceRange: range(0, 30)),
            VideoClip(id: "inset", media: "i.mov", kind: .video, timelineRange: range(0, 30), sourceRange: range(0, 30), layer: 2),
            VideoClip(id: "top", media: "t.mov", kind: .video, timelineRange: range(0, 30), sourceRange: range(0, 30), layer: 4),
        ]
        let look = TextLook(size: 40)
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: rate, duration: rate.time(ofFrame: 30), clips: clips,
            texts: [
                TextItem(id: "old-title", text: "a", timelineRange: range(0, 30), look: look),
                TextItem(id: "label", text: "b", timelineRange: range(0, 30), look: look, layer: 3),
            ],
            overlays: [
                OverlayItem(id: "old-sticker", media: "s.png", timelineRange: range(0, 30)),
                OverlayItem(id: "card", media: "c.png", timelineRange: range(0, 30), layer: 1),
            ])
    }

    static func names(_ plan: FramePlan, _ t: Timeline) -> [String] {
        plan.above.map { item in
            switch item {
            case .clip(let l): t.clips[l.clipIndex].id
            case .overlay(let o): t.overlays[o.index].id
            case .text(let x): t.texts[x.index].id
            }
        }
    }

    @Test func framesPlanEverythingAboveTheMainTrackInOneOrder() {
        let t = Self.interleaved()
        let plan = FramePlanner(timeline: t).plan(frame: 10)
        #expect(Self.names(plan, t) == ["card", "inset", "label", "top", "old-sticker", "old-title"])
        // The separate lists keep working, each bottom to top.
        #expect(plan.upper.map { t.clips[$0.clipIndex].id } == ["inset", "top"])
        #expect(plan.overlays.map(\.index) == [1, 0] && plan.texts.map(\.index) == [1, 0])
    }

    @Test func tiesKeepClipsThenOverlaysThenTextsThenListOrder() {
        var t = Self.interleaved()
        for i in t.overlays.indices { t.overlays[i].layer = 2 }
        for i in t.texts.indices { t.texts[i].layer = 2 }
        t.clips[2].layer = 2
        let plan = FramePlanner(timeline: t).plan(frame: 0)
        #expect(Self.names(plan, t) == ["inset", "top", "old-sticker", "card", "old-title", "label"])
    }

    @Test func timelinesWithoutNumbersDrawClipsThenOverlaysThenTexts() {
        var t = Self.interleaved()
        for i in t.overlays.indices { t.overlays[i].layer = nil }
        for i in t.texts.indices { t.texts[i].layer = nil }
        #expect(Self.names(FramePlanner(timeline: t).plan(frame: 0), t) == ["inset", "top", "old-sticker", "card", "old-title", "label"])
    }

    /// OpenTimelineIO stacks tracks in list order: the overlays' and texts' tracks sit among the
    /// layers' tracks.
    @Test func openTimelineIOTracksFollowTheStackingOrder() throws {
        let text = OTIOExport.text(Self.interleaved())
        let track = try Regex(#""name": "(V[^"]*)""#)
        let names = text.matches(of: track).compactMap { $0.output[1].substring.map(String.init) }
        #expect(names == ["V1", "V2 card", "V3", "V4 text", "V5", "V6 old-sticker", "V7 text"])
    }

    @Test func theFieldsRoundTripAndOldFilesReadAsUnnumbered() throws {
        let t = Self.interleaved()
        let text = TimelineCodec.encode(t)
        #expect(try TimelineCodec.decode(text) == t)
        #expect(text.contains("\"layer\": null") && text.contains("\"maxLines\": null"), "none is written too")
        // A file written before the fields existed: no key at all.
        let old = text.replacingOccurrences(of: "\"layer\": null,", with: "").replacingOccurrences(of: "\"maxLines\": null,", with: "")
        #expect(!old.contains("\"layer\": null") && !old.contains("\"maxLines\""))
        let read = try TimelineCodec.decode(old)
        #expect(read.overlays[0].layer == nil && read.texts[0].layer == nil && read.texts[0].maxLines == nil)
        #expect(read == t)
    }

    @Test(arguments: [
        ("\"layer\": 3", "\"layer\": 101", "texts[1].layer"), ("\"layer\": 1", "\"layer\": \"top\"", "overlays[1].layer"),
        ("\"maxLines\": null", "\"maxLines\": 0", "texts[0].maxLines"),
    ])
    func badNumbersNameTheirPlace(original: String, replacement: String, path: String) throws {
        let text = TimelineCodec.encode(Self.interleaved())
        #expect(text.contains(original))
        do {
            _ = try TimelineCodec.decode(text.replacingOccurrences(of: original, with: replacement))
            Issue.record("decoded \(replacement)")
        } catch {
            #expect(error.diagnostics.first?.location.path?.description == path, "\(error)")
        }
    }
}
