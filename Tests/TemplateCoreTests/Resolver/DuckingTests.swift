import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

/// The music gets the template's ducking when something can be heard under it (a clip keeping
/// its sound, a voice-over); the voice and the sound effects are placed where the template says.
@Suite struct DuckingTests {
    @Test func theResolverGivesTheMusicItsDuckingOnlyWhenSomethingCanBeHeardUnderIt() throws {
        let music = MusicSpec(file: "m.m4a", volume: 0.8)
        var t = template(["2", "2"], music: music)
        let media = [video("a.mov", "5"), video("b.mov", "5")]
        let quiet = try Resolver.resolve(template: t, templateFolder: "tpl", media: media)
        #expect(quiet.timeline.audio.map(\.ducking) == [nil])
        t.slots[1].volume = 1
        let voiced = try Resolver.resolve(template: t, templateFolder: "tpl", media: media)
        #expect(voiced.timeline.audio.map(\.ducking) == [.standard])
        t.ducking = Ducking(amount: -20, threshold: -50)
        #expect(try Resolver.resolve(template: t, templateFolder: "tpl", media: media).timeline.audio.first?.ducking?.amount == -20)
        t.ducking = nil
        #expect(try Resolver.resolve(template: t, templateFolder: "tpl", media: media).timeline.audio.first?.ducking == nil)
    }

    @Test func aVoiceGoesWhereTheSlotSaysAndDucksTheMusic() throws {
        var t = template(["2", "2"], music: MusicSpec(file: "m.m4a"))
        t.voice = VoiceSpec(start: seconds("1"), volume: 0.9, fadeIn: seconds("0.2"))
        var options = ResolveOptions()
        options.voice = VoiceInput(path: "talk.m4a", duration: seconds("2"))
        let r = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "5")], options: options)
        let voice = try #require(r.timeline.audio.first { $0.role == .voice })
        #expect(voice.timelineRange == TimeRange(start: seconds("1"), duration: seconds("2")))
        #expect(voice.volume == 0.9 && voice.fadeIn == seconds("0.2") && voice.fadeOut == .zero && voice.ducking == nil)
        #expect(r.timeline.audio.first { $0.role == .music }?.ducking == .standard, "the voice alone makes the music duck")
        #expect(r.summary.last == "voice <- talk.m4a 00:00.00-00:02.00 at 00:01.00")
    }

    @Test func aVoiceLongerThanTheVideoIsCutWithAFadeAndTheSummarySaysSo() throws {
        let t = template(["2", "2"])
        var options = ResolveOptions()
        options.voice = VoiceInput(path: "voices/talk.m4a", duration: seconds("6.5"))
        let r = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "5")], options: options)
        let voice = try #require(r.timeline.audio.first)
        #expect(voice.timelineRange == TimeRange(start: .zero, duration: seconds("4")), "no voice slot: from the start")
        #expect(voice.fadeOut == VoiceSpec.cutFade)
        #expect(
            r.summary.last == "voice <- talk.m4a 00:00.00-00:04.00 at 00:00.00, cut at the video's end (2.50 s not heard), faded out over 0.50 s")
    }

    @Test func soundEffectsPlayTheirLengthOrLoopToTheEnd() throws {
        var t = template(["2", "2"])
        t.sounds = [
            SoundSpec(file: "sfx/hit.wav", at: seconds("0.5"), volume: 0.7),
            SoundSpec(file: "sfx/bed.wav", at: seconds("1"), loop: true),
            SoundSpec(file: "sfx/hit.wav", at: seconds("3.5"), duration: seconds("2")),
            SoundSpec(file: "sfx/hit.wav", at: seconds("4")),
        ]
        var options = ResolveOptions()
        options.soundDurations = ["sfx/hit.wav": seconds("0.25"), "sfx/bed.wav": seconds("0.5")]
        let r = try Resolver.resolve(template: t, templateFolder: "tpl", media: [video("a.mov", "5")], options: options)
        let effects = r.timeline.audio.filter { $0.role == .effect }
        #expect(effects.map(\.id) == ["sound-1", "sound-2", "sound-3"], "the one at the end is not heard")
        #expect(effects.map(\.media) == ["tpl/sfx/hit.wav", "tpl/sfx/bed.wav", "tpl/sfx/hit.wav"])
        #expect(effects.map(\.timelineRange.duration) == [seconds("0.25"), seconds("3"), seconds("0.5")])
        #expect(effects.map(\.loop) == [false, true, false])
        #expect(effects.allSatisfy { $0.ducking == nil })
    }
}
