import MediaTime
import Testing
import TimelineModel

@testable import RenderCore

/// A reversed clip keeps its sound: planned like a forward clip's (handles, fades, ducking), but read
/// from the top of its source range down.
@Suite struct ReversedClipAudioTests {
    static let rate = FrameRate(30)
    static func s(_ seconds: Int64) -> RationalTime { RationalTime(seconds: seconds) }

    func clip(_ id: String, at start: RationalTime, source: TimeRange, speed: RationalTime = RationalTime(seconds: 1), reverse: Bool) -> VideoClip {
        let duration = source.duration / speed
        return VideoClip(
            id: id, media: "\(id).mp4", kind: .video, timelineRange: TimeRange(start: start, duration: duration),
            sourceRange: source, speed: speed, volume: 1, reverse: reverse)
    }

    @Test func aReversedClipSoundsFromTheEndOfItsRangeDown() throws {
        let c = clip("r", at: .zero, source: TimeRange(start: Self.s(2), end: Self.s(6)), speed: RationalTime(value: 2, timescale: 1), reverse: true)
        let timeline = Timeline(canvas: Canvas(width: 16, height: 16), frameRate: Self.rate, duration: Self.s(2), clips: [c])
        let item = try #require(AudioPlanner(timeline: timeline).items.first)
        #expect(item.reverse)
        #expect(item.sourceStart == Self.s(6))
        #expect(item.start == 0 && item.end == 96_000)
        #expect(item.speed == 2)
    }

    /// Under transitions at both ends, the sound runs through them and fades as a forward clip's
    /// does: entering, it starts above the range's end; leaving, it continues below its start, and
    /// stops where the media starts. Music ducks under it.
    @Test func handlesFadesAndDuckingAsForward() throws {
        let cut = RationalTime(value: 19, timescale: 4)
        let a = clip("a", at: .zero, source: TimeRange(start: .zero, end: Self.s(2)), reverse: false)
        let r = clip("r", at: Self.s(2), source: TimeRange(start: RationalTime(value: 1, timescale: 4), end: Self.s(3)), reverse: true)
        let b = clip("b", at: cut, source: TimeRange(start: .zero, end: Self.s(2)), reverse: false)
        let half = RationalTime(value: 1, timescale: 2)
        let music = AudioClip(
            id: "music", media: "m.m4a", timelineRange: TimeRange(start: .zero, end: RationalTime(value: 27, timescale: 4)),
            volume: 1, ducking: Ducking(amount: -6))
        let timeline = Timeline(
            canvas: Canvas(width: 16, height: 16), frameRate: Self.rate, duration: RationalTime(value: 27, timescale: 4),
            clips: [a, r, b],
            transitions: [
                Transition(kind: "crossfade", from: "a", to: "r", range: TimeRange(start: Self.s(2) - half / 2, duration: half)),
                Transition(kind: "crossfade", from: "r", to: "b", range: TimeRange(start: cut - half / 2, duration: half)),
            ],
            audio: [music])
        let planner = AudioPlanner(timeline: timeline)
        let item = try #require(planner.items.first { $0.media == "r.mp4" })
        #expect(item.reverse)
        // Entering 0.25 s early: it begins 0.25 s above the range's end.
        #expect(item.start == 84_000)
        #expect(item.sourceStart == RationalTime(value: 13, timescale: 4))
        #expect(item.fadeInSamples == 24_000 && item.fadeOutSamples == 24_000)
        // Leaving: the range starts at 0.25 s, so the source reaches 0 exactly at the transition's end.
        #expect(item.end == 240_000)
        let m = try #require(planner.items.first { !$0.isClipAudio })
        // The mixer ducks the music under what it hears of the reversed clip, as under a forward one.
        #expect(m.ducking == Ducking(amount: -6) && item.isSidechain && !m.isSidechain)
    }

    /// A reversed clip whose range starts at the media's start: under a leaving transition, its sound
    /// stops at the cut, where the media's first sample has been played.
    @Test func stopsAtTheStartOfTheMedia() throws {
        let r = clip("r", at: .zero, source: TimeRange(start: .zero, end: Self.s(2)), reverse: true)
        let b = clip("b", at: Self.s(2), source: TimeRange(start: .zero, end: Self.s(2)), reverse: false)
        let timeline = Timeline(
            canvas: Canvas(width: 16, height: 16), frameRate: Self.rate, duration: Self.s(4), clips: [r, b],
            transitions: [
                Transition(
                    kind: "crossfade", from: "r", to: "b",
                    range: TimeRange(start: RationalTime(value: 7, timescale: 4), duration: RationalTime(value: 1, timescale: 2)))
            ])
        let item = try #require(AudioPlanner(timeline: timeline).items.first { $0.media == "r.mp4" })
        #expect(item.start == 0 && item.end == 96_000)
        #expect(item.fadeOutSamples == 24_000)
    }
}
