import MediaTime
import Testing

@testable import TemplateCore

/// Music dips under clips that keep their own sound, and only there.
@Suite struct DuckingTests {
    @Test func theResolverDucksMusicOnlyWhenAClipKeepsItsSound() throws {
        let music = MusicSpec(file: "m.m4a", volume: 0.8)
        var t = template(["2", "2"], music: music)
        let quiet = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "5"), video("b.mov", "5")])
        #expect(quiet.timeline.audio.map(\.duck) == [1])
        t.slots[1].volume = 1
        let voiced = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "5"), video("b.mov", "5")])
        #expect(voiced.timeline.audio.map(\.duck) == [MusicPlacement.duckLevel])
    }

    @Test func thePlannerLowersTheMusicUnderClipAudioWithRamps() throws {
        let rate = FrameRate(25)
        let clip = VideoClip(
            id: "v", media: "v.mp4", kind: .video, timelineRange: TimeRange(start: .zero, duration: RationalTime(seconds: 4)),
            sourceRange: TimeRange(start: .zero, duration: RationalTime(seconds: 4)))
        var voiced = clip
        voiced.id = "w"
        voiced.volume = 1
        voiced.timelineRange = TimeRange(start: RationalTime(seconds: 4), duration: RationalTime(seconds: 2))
        voiced.sourceRange = TimeRange(start: .zero, duration: RationalTime(seconds: 2))
        let music = AudioClip(
            id: "music", media: "m.m4a", timelineRange: TimeRange(start: .zero, duration: RationalTime(seconds: 6)),
            volume: 0.8, duck: 0.25)
        let timeline = Timeline(
            canvas: Canvas(width: 16, height: 16), frameRate: rate, duration: RationalTime(seconds: 6),
            clips: [clip, voiced], audio: [music])
        let planner = AudioPlanner(timeline: timeline)
        let m = try #require(planner.items.first { !$0.isClipAudio })
        #expect(m.gain(at: 48_000) == 0.8, "far from clip audio: the music's own volume")
        #expect(abs(Double(m.gain(at: 5 * 48_000)) - 0.2) < 1e-6, "under clip audio: volume × duck")
        let ramp = Double(m.gain(at: 4 * 48_000 - 2400))
        #expect(ramp < 0.8 && ramp > 0.2, "half way down the ramp: \(ramp)")
        var undocked = timeline
        undocked.audio[0].duck = 1
        #expect(AudioPlanner(timeline: undocked).items.first { !$0.isClipAudio }?.gain(at: 5 * 48_000) == 0.8)
    }
}
