import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import TimelineModel

/// The timeline's sounds beyond the music: their role, loop and ducking read back exactly, and
/// every bad value is reported with its code and place.
@Suite struct TimelineSoundTests {
    static func timeline() -> Timeline {
        let whole = TimeRange(start: .zero, duration: seconds("4"))
        return Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: seconds("4"),
            clips: [VideoClip(id: "a", media: "/m/a.mp4", kind: .video, timelineRange: whole, sourceRange: whole, volume: 1)],
            audio: [
                AudioClip(
                    id: "music", media: "/m/song.m4a", timelineRange: whole, volume: 0.8,
                    ducking: Ducking(amount: -9.5, threshold: -42, attack: seconds("0.02"), hold: seconds("0.25"), release: seconds("0.75"))),
                AudioClip(
                    id: "voice", media: "/m/talk.m4a", role: .voice, timelineRange: TimeRange(start: seconds("0.5"), duration: seconds("3.5")),
                    fadeOut: seconds("0.5")),
                AudioClip(
                    id: "sound-1", media: "/m/whoosh.wav", role: .effect, timelineRange: TimeRange(start: seconds("1"), duration: seconds("2")),
                    volume: 0.6, loop: true),
            ])
    }

    @Test func rolesLoopsAndDuckingRoundTrip() throws {
        let t = Self.timeline()
        let text = TimelineCodec.encode(t)
        #expect(try TimelineCodec.decode(text) == t)
        #expect(text.contains("\"role\": \"voice\"") && text.contains("\"loop\": true") && text.contains("\"amount\": \"-9.5dB\""))
        #expect(TimelineCodec.encode(try TimelineCodec.decode(text)) == text)
    }

    /// Format 1 timelines wrote `"duck": g`; the upgrade reads it as ducking of the same depth (`"duck": 1`, none).
    @Test func theOlderDuckStillReads() throws {
        var text = TimelineCodec.encode(Self.timeline()).replacingOccurrences(of: "\"format\": 3,", with: "\"format\": 1,")
        let ducking = try #require(text.range(of: "\"ducking\": {"))
        let end = try #require(text.range(of: "},", range: ducking.upperBound..<text.endIndex))
        text.replaceSubrange(ducking.lowerBound..<end.upperBound, with: "\"duck\": 0.25,")
        let read = try TimelineCodec.decode(text)
        #expect(read.audio[0].ducking == Ducking(legacyGain: 0.25))
        #expect(abs((read.audio[0].ducking?.amount ?? 0) - 20 * log10(0.25)) < 1e-12)
        #expect(try TimelineCodec.decode(text.replacingOccurrences(of: "\"duck\": 0.25,", with: "\"duck\": 1,")).audio[0].ducking == nil)
        #expect(try TimelineCodec.decode(text.replacingOccurrences(of: "\"duck\": 0.25,", with: "\"duck\": 0,")).audio[0].ducking?.amount == -60)
    }

    /// Each breakage of the sound fields, and the code it is reported with.
    @Test(arguments: [
        ("\"amount\": \"-9.5dB\"", "\"amount\": \"-80dB\"", DiagnosticCode.duckingRange, "/audio/0/ducking/amount"),
        ("\"amount\": \"-9.5dB\"", "\"amount\": -9.5", .duckingRange, "/audio/0/ducking/amount"),
        ("\"threshold\": \"-42dB\"", "\"threshold\": \"loud\"", .duckingRange, "/audio/0/ducking/threshold"),
        ("\"threshold\": \"-42dB\"", "\"threshold\": \"6dB\"", .duckingRange, "/audio/0/ducking/threshold"),
        ("\"hold\": \"0.25s\"", "\"hold\": \"9s\"", .duckingRange, "/audio/0/ducking/hold"),
        ("\"release\": \"0.75s\"", "\"release\": \"-1s\"", .outOfRange, "/audio/0/ducking/release"),
        ("\"role\": \"voice\"", "\"role\": \"narration\"", .unknownChoice, "/audio/1/role"),
        ("\"loop\": true", "\"loop\": \"yes\"", .wrongType, "/audio/2/loop"),
        ("\"id\": \"music\"", "\"duck\": 0.3, \"id\": \"music\"", .conflictingKeys, "/audio/0/duck"),
        ("\"id\": \"music\"", "\"duck\": 1.5, \"id\": \"music\"", .conflictingKeys, "/audio/0/duck"),
    ])
    func badSoundValuesAreReported(from: String, to: String, code: DiagnosticCode, pointer: String) throws {
        // Format 1, where `duck` was still a key.
        let text = TimelineCodec.encode(Self.timeline()).replacingOccurrences(of: "\"format\": 3,", with: "\"format\": 1,")
        #expect(text.contains(from), "the fixture has \(from)")
        let broken = text.replacingOccurrences(of: from, with: to)
        let result = Result { () throws(TimelineCodingError) in try TimelineCodec.decode(broken) }
        guard case .failure(let error) = result else {
            Issue.record("read \(to)")
            return
        }
        #expect(error.diagnostics.contains { $0.code == code && $0.location.path?.pointer == pointer }, "\(error)")
    }

    @Test func aDuckedVoiceIsRefusedWithL016() throws {
        var t = Self.timeline()
        t.audio[1].ducking = .standard
        let result = Result { () throws(TimelineCodingError) in try TimelineCodec.decode(TimelineCodec.encode(t)) }
        guard case .failure(let error) = result else {
            Issue.record("read a ducked voice")
            return
        }
        #expect(error.codes == [.duckedVoice])
        #expect(error.diagnostics.first?.location.path?.pointer == "/audio/1/ducking")
    }
}
