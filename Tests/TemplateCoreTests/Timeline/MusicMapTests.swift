import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import TemplateResolver
@testable import TimelineEditing
@testable import TimelineModel

/// The timeline's `music` (beats, downbeats, sections in timeline time) and the clips' `beats`:
/// written, read back to the same value, and checked (L030).
@Suite struct MusicMapTests {
    static func t(_ text: String) -> RationalTime { RationalTime(exactString: text)! }

    /// Three photos of 4, 2 and 4 beats at 120 bpm (2 s, 1 s, 2 s) over a song from 10 s.
    static func sample(beats: [RationalTime]? = nil) -> Timeline {
        let rate = FrameRate(30)
        let lengths = ["2", "1", "2"].map(t)
        var at = RationalTime.zero
        var clips: [VideoClip] = []
        for (i, (d, n)) in zip(lengths, [4, 2, 4]).enumerated() {
            clips.append(
                VideoClip(
                    id: "s\(i + 1)", media: "/m/\(i).jpg", kind: .image, timelineRange: TimeRange(start: at, duration: d),
                    sourceRange: TimeRange(start: .zero, duration: d), beats: RationalTime(seconds: Int64(n))))
            at = at + d
        }
        let beatTimes = beats ?? (0...10).map { RationalTime(value: Int64($0), timescale: 2) }
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: rate, duration: at, clips: clips,
            audio: [AudioClip(id: "music", media: "/m/song.wav", timelineRange: TimeRange(start: .zero, duration: at), sourceStart: t("10"))],
            music: MusicMap(
                tempo: 120, songStart: t("10"), songEnd: t("15"), beats: beatTimes, downbeats: [.zero, t("2"), t("4")],
                sections: [MusicSection(start: .zero, end: t("2"), energy: 0.5), MusicSection(start: t("2"), end: t("5"), energy: 1)]))
    }

    @Test func roundTripsByteForByte() throws {
        let timeline = Self.sample()
        let text = TimelineCodec.encode(timeline)
        let decoded = try TimelineCodec.decode(text)
        #expect(decoded == timeline)
        #expect(TimelineCodec.encode(decoded) == text)
        #expect(text.contains("\"beats\": \"4\"") && text.contains("\"downbeats\": [") && text.contains("\"songStart\": \"10s\""))
    }

    @Test func theOTIOExportMarksBarsAndSections() {
        let text = OTIOExport.text(Self.sample())
        #expect(text.contains("\"Marker.2\"") && text.contains("\"bar 3\"") && text.contains("\"section 2, energy 1.00\""))
        #expect(text.contains("\"beats\": \"4\"") && text.contains("\"2.5s\""))
    }

    @Test func aTimelineWithoutMusicWritesNone() {
        var timeline = Self.sample()
        timeline.music = nil
        for i in timeline.clips.indices { timeline.clips[i].beats = nil }
        let text = TimelineCodec.encode(timeline)
        #expect(!text.contains("\"music\":") && !text.contains("\"beats\""))
    }

    /// One edit of the sample's text per rule of the music (L030), and where it is reported.
    static let cases: [(String, String, String)] = [
        ("\"audio\": \"music\"", "\"audio\": \"song\"", "/music/audio"),
        ("\"1.5s\",\n      \"2s\"", "\"2s\",\n      \"1.5s\"", "/music/beats/4"),
        ("\"downbeats\": [\n      \"0s\"", "\"downbeats\": [\n      \"0.25s\"", "/music/downbeats/0"),
        ("\"5s\"\n    ],\n    \"downbeats\"", "\"6s\"\n    ],\n    \"downbeats\"", "/music/beats/10"),
        ("\"end\": \"2s\"", "\"end\": \"0s\"", "/music/sections/0/end"),
        // The song's times are its sound's, and a clip's beats the count of beats it spans.
        ("\"songEnd\": \"15s\"", "\"songEnd\": \"1s\"", "/music/songEnd"),
        ("\"songStart\": \"10s\"", "\"songStart\": \"12s\"", "/music/songStart"),
        ("\"beats\": \"4\"", "\"beats\": \"400\"", "/clips/0/beats"),
        ("\"beats\": \"2\"", "\"beats\": \"3\"", "/clips/1/beats"),
    ]

    @Test(arguments: cases)
    func everyRuleHasItsCodeAndPlace(original: String, replacement: String, pointer: String) throws {
        let text = TimelineCodec.encode(Self.sample())
        #expect(text.contains(original), "\(original) in \(text)")
        let broken = text.replacingOccurrences(of: original, with: replacement)
        do {
            _ = try TimelineCodec.decode(broken, file: "t.json")
            Issue.record("read \(replacement)")
        } catch {
            #expect(error.diagnostics.contains { $0.code == .musicMap && $0.location.path?.pointer == pointer }, "\(error.diagnostics)")
        }
    }

    /// The beats are the song's: a music map naming a voice or an effect is refused (L046), at its `audio`.
    @Test(arguments: [AudioRole.voice, .effect])
    func theMusicMustNameASoundWhoseRoleIsMusic(role: AudioRole) throws {
        var timeline = Self.sample()
        timeline.audio[0].role = role
        #expect(TimelineValidation.problems(timeline).map(\.code) == [.musicRole])
        do {
            _ = try TimelineCodec.decode(TimelineCodec.encode(timeline), file: "t.json")
            Issue.record("read music beats of a \(role.rawValue)")
        } catch {
            #expect(error.codes == [.musicRole], "\(error)")
            #expect(error.diagnostics.first?.location.path?.pointer == "/music/audio")
            #expect(error.description.contains("role is \(role.rawValue)"))
        }
        timeline.audio[0].role = .music
        #expect(TimelineValidation.problems(timeline).isEmpty)
    }

    /// Beats outside a sound that was moved are one problem, with their count, not one a beat.
    @Test func beatsOutsideTheSoundAreReportedOnceWithTheirCount() throws {
        var timeline = Self.sample()
        timeline.audio[0].timelineRange = TimeRange(start: Self.t("4"), duration: Self.t("1"))
        timeline.audio[0].sourceStart = Self.t("10")
        timeline.music?.songEnd = Self.t("11")
        let found = TimelineValidation.problems(timeline).filter { $0.path.pointer.hasPrefix("/music/beats") }
        #expect(found.count == 1, "\(found)")
        #expect(
            found.first?.path.pointer == "/music/beats/0" && found.first?.message.hasPrefix("8 of the 11 beats (the first, beat 0s) are not") == true,
            "\(found)")
    }

    @Test func valuesOutsideTheirRangesAreRefused() throws {
        let text = TimelineCodec.encode(Self.sample())
        for (original, replacement, code) in [
            ("\"beats\": \"2\"", "\"beats\": \"-2\"", DiagnosticCode.wrongType), ("\"tempo\": 120", "\"tempo\": 900", .outOfRange),
            ("\"energy\": 1", "\"energy\": 2", .outOfRange),
        ] {
            #expect(text.contains(original))
            #expect(throws: TimelineCodingError.self) { try TimelineCodec.decode(text.replacingOccurrences(of: original, with: replacement)) }
            do { _ = try TimelineCodec.decode(text.replacingOccurrences(of: original, with: replacement)) } catch {
                #expect(error.diagnostics.contains { $0.code == code }, "\(error.diagnostics)")
            }
        }
    }
}

/// `TimelineEditor.setMusic(_:start:loops:)` and `snapCut`: clips counted in beats re-timed to
/// another song's beats, and a cut moved to a beat, with undo.
@Suite struct BeatEditTests {
    static let t = MusicMapTests.t

    /// A song of `seconds` whose beats are every `period` from `first`, a bar every four.
    static func song(period: RationalTime, first: RationalTime = .zero, seconds: Int64 = 30) -> SongBeats {
        var beats: [RationalTime] = []
        var b = first
        while b < RationalTime(seconds: seconds) {
            beats.append(b)
            b = b + period
        }
        let downbeats = stride(from: 0, to: beats.count, by: 4).map { beats[$0] }
        let bars = downbeats.enumerated().map { i, d in
            SongBeats.Bar(start: d, end: i + 1 < downbeats.count ? downbeats[i + 1] : RationalTime(seconds: seconds), energy: 0.5, novelty: 0)
        }
        return SongBeats(
            file: "/m/other.wav", duration: RationalTime(seconds: seconds), tempo: 60 / period.seconds, beats: beats, downbeats: downbeats, bars: bars
        )
    }

    @Test func anotherSongReTimesTheClipsCountedInBeatsAndUndoGoesBack() throws {
        var editor = try TimelineEditor(MusicMapTests.sample())
        // 100 bpm: a beat is 0.6 s, so 4, 2 and 4 beats last 2.4, 1.2 and 2.4 s.
        let choice = try editor.setMusic(Self.song(period: Self.t("0.6"), first: Self.t("0.3")), start: .at(Self.t("3.2")))
        #expect(choice.start == Self.t("3.3") && choice.requested == Self.t("3.2"))
        let clips = editor.timeline.clips
        #expect(clips.map(\.timelineRange.duration) == ["2.4", "1.2", "2.4"].map(Self.t))
        #expect(clips.map(\.sourceRange.duration) == clips.map(\.timelineRange.duration))
        #expect(editor.timeline.duration == Self.t("6"))
        let music = try #require(editor.timeline.music)
        #expect(music.songStart == Self.t("3.3") && music.beats.first == .zero && music.beats[1] == Self.t("0.6"))
        #expect(editor.timeline.audio.first?.media == "/m/other.wav" && editor.timeline.audio.first?.sourceStart == Self.t("3.3"))
        #expect(TimelineValidation.problems(editor.timeline).isEmpty)
        editor.undo()
        #expect(editor.timeline == MusicMapTests.sample())
    }

    /// A title over the second clip and a sound effect on the last cut stay there when the clips
    /// grow; a caption keeps its time (it follows the clip's own speech).
    @Test func textsAndEffectsMoveWithTheCutsAndCaptionsStay() throws {
        var sample = MusicMapTests.sample()
        let look = TextLook(size: 40)
        sample.texts = [
            TextItem(id: "title", text: "Two", timelineRange: TimeRange(start: Self.t("2"), end: Self.t("3.5")), look: look),
            TextItem(id: "caption-1", text: "hello", timelineRange: TimeRange(start: Self.t("1"), end: Self.t("2")), look: look),
        ]
        sample.audio.append(
            AudioClip(id: "whoosh", media: "/m/whoosh.wav", role: .effect, timelineRange: TimeRange(start: Self.t("3"), duration: Self.t("0.5"))))
        var editor = try TimelineEditor(sample)
        // 100 bpm: the cuts move from 2 s and 3 s to 2.4 s and 3.6 s, the end from 5 s to 6 s.
        try editor.setMusic(Self.song(period: Self.t("0.6"), first: Self.t("0.3")), start: .at(Self.t("3.3")))
        let texts = editor.timeline.texts
        // 3.5 s was a quarter into the last clip (3 s to 5 s): now a quarter into 3.6 s to 6 s.
        #expect(texts.first { $0.id == "title" }?.timelineRange == TimeRange(start: Self.t("2.4"), end: Self.t("4.2")))
        #expect(texts.first { $0.id == "caption-1" }?.timelineRange == TimeRange(start: Self.t("1"), end: Self.t("2")))
        let effect = try #require(editor.timeline.audio.first { $0.id == "whoosh" })
        #expect(effect.timelineRange == TimeRange(start: Self.t("3.6"), duration: Self.t("0.5")))
        #expect(TimelineValidation.problems(editor.timeline).isEmpty)
    }

    @Test func aDriftingSongGivesEachClipItsOwnBeats() throws {
        var editor = try TimelineEditor(MusicMapTests.sample())
        // Beats 0.5 s apart, then 0.6 s from 2 s on.
        var beats = (0..<4).map { RationalTime(value: Int64($0), timescale: 2) }
        for k in 0..<30 { beats.append(Self.t("2") + Self.t("0.6") * Int64(k)) }
        let song = SongBeats(file: "/m/drift.wav", duration: RationalTime(seconds: 30), tempo: 110, beats: beats)
        try editor.setMusic(song, start: .at(.zero))
        #expect(editor.timeline.clips.map(\.timelineRange.duration) == ["2", "1.2", "2.4"].map(Self.t))
    }

    @Test func autoPicksTheLoudestStretchFromADownbeat() throws {
        var song = Self.song(period: Self.t("0.5"))
        // Bars 5 to 7 (10 s to 16 s) are loud.
        for i in 5...7 { song.bars[i].energy = 1 }
        var editor = try TimelineEditor(MusicMapTests.sample())
        let choice = try editor.setMusic(song)
        #expect(choice.start == RationalTime(seconds: 10), "\(choice)")
    }

    @Test func snapMovesOneCutToABeatAndLeavesTheOthers() throws {
        var timeline = MusicMapTests.sample()
        // The first cut off the beat, at 1.8 s (the second clip starting there, 1.2 s long).
        timeline.clips[0].timelineRange = TimeRange(start: .zero, duration: Self.t("1.8"))
        timeline.clips[0].sourceRange = TimeRange(start: .zero, duration: Self.t("1.8"))
        timeline.clips[1].timelineRange = TimeRange(start: Self.t("1.8"), duration: Self.t("1.2"))
        timeline.clips[1].sourceRange = TimeRange(start: .zero, duration: Self.t("1.2"))
        // Moved off their beats, they no longer span the beats they were counted in.
        timeline.clips[0].beats = nil
        timeline.clips[1].beats = nil
        var editor = try TimelineEditor(timeline)
        try editor.snapCut(after: "s1", to: .next)
        #expect(editor.timeline.clips[0].timelineRange.end == Self.t("2"))
        #expect(editor.timeline.clips[1].timelineRange == TimeRange(start: Self.t("2"), end: Self.t("3")))
        #expect(editor.timeline.clips[2].timelineRange.start == Self.t("3") && editor.timeline.duration == Self.t("5"))
        #expect(editor.timeline.clips[0].beats == nil && editor.timeline.clips[2].beats == RationalTime(seconds: 4))
        try editor.snapCut(after: "s1", to: .previous)
        #expect(editor.timeline.clips[0].timelineRange.end == Self.t("1.5"))
        editor.undo()
        editor.undo()
        #expect(editor.timeline == timeline)
        #expect(throws: EditError.self) { try editor.snapCut(after: "s3", to: .next) }
    }

    @Test func deletingAClipKeepsTheBeatsTheMusicStillPlays() throws {
        var editor = try TimelineEditor(MusicMapTests.sample())
        try editor.delete("s3")
        #expect(editor.timeline.duration == Self.t("3"))
        #expect(editor.timeline.music?.beats.last == Self.t("3") && editor.timeline.music?.sections.last?.end == Self.t("3"))
    }
}
