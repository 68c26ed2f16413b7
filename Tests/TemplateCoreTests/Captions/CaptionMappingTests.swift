import MediaTime
import Testing

@testable import Captions
@testable import DocumentJSON
@testable import TemplateResolver
@testable import TimelineEditing
@testable import TimelineModel

@Suite struct CaptionMappingTests {
    let canvas = Canvas(width: 160, height: 284)
    let rate = FrameRate(25)
    func ms(_ n: Int64) -> RationalTime { RationalTime(value: n, timescale: 1000) }

    func map(_ text: String, style: CaptionStyle.Kind = .plain, seconds: Int64 = 4, titles: [TextItem] = []) -> (
        texts: [TextItem], diagnostics: [Diagnostic]
    ) {
        CaptionMapping.texts(
            CaptionParser.parse(text, file: "c.vtt"), style: CaptionStyle(kind: style), canvas: canvas, rate: rate,
            window: TimeRange(start: .zero, duration: RationalTime(seconds: seconds)), titles: titles)
    }

    @Test func cuesShowOnTheFramesWhoseTimeTheyHold() {
        let (texts, diagnostics) = map("WEBVTT\n\n00:00.010 --> 00:01.000\nHi\n\n00:01.500 --> 00:01.510\ntoo short\n")
        #expect(texts.map(\.id) == ["caption-1"])
        #expect(texts[0].timelineRange.frames(at: rate) == 1..<25)
        #expect(diagnostics.map(\.code) == [.captionShort])
        #expect(diagnostics.first?.location.line == 6)
    }

    @Test func cuesPastTheEndAreCutOrLeftOut() {
        let (texts, diagnostics) = map("WEBVTT\n\n00:01.000 --> 00:03.000\na\n\n00:05.000 --> 00:06.000\nb\n", seconds: 2)
        #expect(texts.map(\.timelineRange) == [TimeRange(start: ms(1000), end: ms(2000))])
        #expect(diagnostics.map(\.code) == [.captionPastEnd, .captionPastEnd])
        #expect(diagnostics.map(\.location.line) == [3, 6])
    }

    @Test func karaokeIsAnItemPerWordHighlightingIt() {
        let (texts, _) = map("WEBVTT\n\n00:00.000 --> 00:02.000\nOne <00:00.500>two <00:01.000>três\n", style: .karaoke)
        #expect(texts.map(\.id) == ["caption-1.1", "caption-1.2", "caption-1.3"])
        #expect(texts.allSatisfy { $0.text == "One two três" })
        #expect(texts.map { $0.highlight?.start } == [0, 4, 8])
        #expect(texts.map { $0.highlight?.length } == [3, 3, 4])
        #expect(texts.map { $0.timelineRange.frames(at: rate) } == [0..<13, 13..<25, 25..<50])
    }

    @Test func popIsOneWordAtATime() {
        let (texts, _) = map("WEBVTT\n\n00:00.000 --> 00:01.000\nab cd\n", style: .pop)
        #expect(texts.map(\.text) == ["ab", "cd"])
        #expect(texts.allSatisfy { $0.highlight == nil })
        #expect(texts.map { $0.timelineRange.frames(at: rate) } == [0..<13, 13..<25])
    }

    @Test func captionsGoAboveABottomTitleOrToTheTop() {
        let free = map("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n").texts[0]
        #expect(free.y == CaptionStyle.defaultArea.y + CaptionStyle.defaultArea.height && free.anchorY == 1)
        let range = TimeRange(start: .zero, duration: RationalTime(seconds: 1))
        let title = TextItem(id: "title", text: "Title", timelineRange: range, look: TextLook(size: 24), y: 0.85, maxLines: 1)
        let raised = map("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n", titles: [title]).texts[0]
        #expect(raised.y < 0.85 - 24.0 * 1.2 / 2 / 284 && raised.anchorY == 1)
        let big = TextItem(id: "big", text: "Big", timelineRange: range, look: TextLook(size: 200), y: 0.5, maxLines: 1)
        let top = map("WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n", titles: [big, title]).texts[0]
        #expect(top.y == CaptionStyle.defaultArea.y && top.anchorY == 0)
    }

    @Test func aHighlightReadsAndWritesBack() throws {
        let (texts, _) = map("WEBVTT\n\n00:00.000 --> 00:02.000\nOne <00:00.500>two\n", style: .karaoke, seconds: 2)
        let clip = VideoClip(
            id: "a", media: "a.png", kind: .image, timelineRange: TimeRange(start: .zero, duration: RationalTime(seconds: 2)),
            sourceRange: TimeRange(start: .zero, duration: RationalTime(seconds: 2)))
        let timeline = Timeline(canvas: canvas, frameRate: rate, duration: RationalTime(seconds: 2), clips: [clip], texts: texts)
        let text = TimelineCodec.encode(timeline)
        #expect(text.contains("\"highlight\""))
        let read = try TimelineCodec.decode(text)
        #expect(read.texts == texts)
    }

    @Test func aKaraokeCueIsEditedAsOneText() throws {
        let (texts, _) = map("WEBVTT\n\n00:00.000 --> 00:02.000\nOne <00:00.500>tow\n", style: .karaoke, seconds: 2)
        let clip = VideoClip(
            id: "a", media: "a.png", kind: .image, timelineRange: TimeRange(start: .zero, duration: RationalTime(seconds: 2)),
            sourceRange: TimeRange(start: .zero, duration: RationalTime(seconds: 2)))
        var editor = try TimelineEditor(Timeline(canvas: canvas, frameRate: rate, duration: RationalTime(seconds: 2), clips: [clip], texts: texts))
        try editor.setText("caption-1", "Uno two")
        #expect(editor.timeline.texts.map(\.text) == ["Uno two", "Uno two"])
        #expect(editor.timeline.texts.map { $0.highlight?.start } == [0, 4])
        #expect(editor.timeline.texts.map { $0.highlight?.length } == [3, 3])
        #expect(throws: EditError.self) { try editor.setText("caption-1", "just three words") }
    }

    /// A talk's captions are far more texts than a template has layers: the timeline reader takes them.
    @Test func aTimelineOfManyCaptionsReadsBack() throws {
        var vtt = "WEBVTT\n"
        for i in 0..<200 {
            vtt += "\n\(CaptionTimeText.string(ms(Int64(i) * 500))) --> \(CaptionTimeText.string(ms(Int64(i) * 500 + 400)))\nword \(i)\n"
        }
        let (texts, diagnostics) = map(vtt, style: .pop, seconds: 100)
        #expect(diagnostics.isEmpty && texts.count == 400)
        let clip = VideoClip(
            id: "a", media: "a.png", kind: .image, timelineRange: TimeRange(start: .zero, duration: RationalTime(seconds: 100)),
            sourceRange: TimeRange(start: .zero, duration: RationalTime(seconds: 100)))
        let timeline = Timeline(canvas: canvas, frameRate: rate, duration: RationalTime(seconds: 100), clips: [clip], texts: texts)
        #expect(try TimelineCodec.decode(TimelineCodec.encode(timeline)).texts.count == 400)
    }
}
