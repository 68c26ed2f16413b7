import Foundation
import Testing

@testable import DocumentJSON
@testable import TimelineModel

/// Timelines of every format version Reel has written stay readable (see "Versions" in
/// docs/timeline-format.md).
@Suite struct TimelineFormatTests {
    /// A stored timeline of format 1, read through `TimelineUpgrade` and written in the current
    /// format. Keep it reading the old document whatever the current format becomes.
    @Test func aStoredFormatOneTimelineIsUpgradedAndWrittenInTheCurrentFormat() throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-1.json")
        #expect(text.contains("\"format\": 1,"))
        let timeline = try TimelineCodec.decode(text, file: "timeline-format-1.json")
        // Its music's `"duck": 0.35` (a gain whenever a clip kept its sound) reads as ducking of the
        // same depth driven by the sound heard, and is written back as such: the one change.
        let ducking = try #require(Ducking(legacyGain: 0.35))
        #expect(timeline.audio.first?.ducking == ducking)
        #expect(abs(ducking.gain - 0.35) < 1e-12)
        let written = text.replacingOccurrences(
            of: "      \"duck\": 0.35,\n      \"fadeIn\"",
            with: """
                      "ducking": {
                        "amount": "\(DecibelText.string(from: ducking.amount))",
                        "attack": "0.05s",
                        "hold": "0.3s",
                        "release": "0.5s",
                        "threshold": "-40dB"
                      },
                      "fadeIn"
                """
        ).replacingOccurrences(of: "\"format\": 1,", with: "\"format\": 3,")
            .replacingOccurrences(of: "      \"id\": \"music\",\n", with: "      \"id\": \"music\",\n      \"loop\": false,\n")
            .replacingOccurrences(
                of: "      \"media\": \"/templates/postcard/music/track.m4a\",\n",
                with: "      \"media\": \"/templates/postcard/music/track.m4a\",\n      \"role\": \"music\",\n")
        #expect(TimelineCodec.encode(timeline) == written)
        #expect(timeline.transitions.first?.kind == "lumaWipe")
    }

    /// A stored timeline of format 2 (the format-1 fixture upgraded, with the `template` folder it
    /// was made from): read, and written back in format 3 with only its number changed (format 3
    /// adds keys a format-2 document does not have).
    @Test func aStoredFormatTwoTimelineReadsAndWritesBackInFormatThree() throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-2.json")
        #expect(text.contains("\"format\": 2,"))
        let timeline = try TimelineCodec.decode(text, file: "timeline-format-2.json")
        #expect(timeline.template == "/templates/postcard")
        #expect(TimelineCodec.encode(timeline) == text.replacingOccurrences(of: "\"format\": 2,", with: "\"format\": 3,"))
        #expect(timeline.clips.allSatisfy { $0.blend == "normal" && $0.key == nil })
        var old = try TimelineCodec.decode(RepositoryFiles.text("Tests/Fixtures/timeline-format-1.json"))
        old.template = "/templates/postcard"
        #expect(old == timeline)
    }

    /// A stored timeline of format 3 (the format-2 fixture with a keyed picture-in-picture clip in
    /// `screen`, a `multiply` overlay and a `softLight` text): read and written back to the same
    /// bytes. If this fails after a change, the format changed: bump `Timeline.currentFormat`, add a
    /// step to `TimelineUpgrade`, and store a document of the new format beside this one.
    @Test func aStoredFormatThreeTimelineReadsAndWritesBackTheSame() throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-3.json")
        #expect(text.contains("\"format\": 3,"))
        let timeline = try TimelineCodec.decode(text, file: "timeline-format-3.json")
        #expect(TimelineCodec.encode(timeline) == text)
        let pip = try #require(timeline.clips.last)
        #expect(pip.blend == "screen")
        #expect(
            pip.key
                == ClipKey(
                    kind: "chroma", color: RGBColor(red: 0, green: 0xb1, blue: 0x40),
                    parameters: ["similarity": 0.3, "smoothness": 0.1, "spill": 0.5]))
        #expect(timeline.overlays.first?.blend == "multiply" && timeline.texts.first?.blend == "softLight")
        var old = try TimelineCodec.decode(RepositoryFiles.text("Tests/Fixtures/timeline-format-2.json"))
        old.clips.append(pip)
        old.overlays[0].blend = "multiply"
        old.texts[0].blend = "softLight"
        #expect(old == timeline)
    }

    @Test(arguments: [0, 4, 99, -1])
    func otherVersionsAreRefusedWithT010(format: Int) throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-3.json")
            .replacingOccurrences(of: "\"format\": 3,", with: "\"format\": \(format),")
        do {
            _ = try TimelineCodec.decode(text)
            Issue.record("read format \(format)")
        } catch {
            #expect(error.codes == [.unsupportedFormat], "\(error)")
            if format > Timeline.currentFormat { #expect(error.description.contains("needs a newer version of Reel"), "\(error)") }
            #expect(error.diagnostics.first?.location.line != nil)
        }
    }

    /// Format 2 reads `ducking` alone: format 1's `duck` is an unknown key there.
    @Test func formatTwoRefusesTheOlderDuck() throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-1.json")
            .replacingOccurrences(of: "\"format\": 1,", with: "\"format\": 2,")
        do {
            _ = try TimelineCodec.decode(text)
            Issue.record("read duck in format 2")
        } catch {
            #expect(error.codes == [.unknownKey], "\(error)")
            #expect(error.diagnostics.first?.location.path == JSONPath.root.appending("audio").appending(0).appending("duck"))
        }
    }

    /// Problems of an upgraded document are placed in the text as written: `duck` out of range where
    /// it is, the `ducking` it became (a voice may have none, L016) at the `duck` it came from, and
    /// `template`, a key of format 2, refused in format 1.
    @Test func problemsOfAnUpgradedDocumentKeepTheirPlaceInTheOriginalText() throws {
        let original = try RepositoryFiles.text("Tests/Fixtures/timeline-format-1.json")
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
        let duckLine = try #require(lines.firstIndex { $0.contains("\"duck\": 0.35") }) + 1
        func problems(_ text: String) -> [Diagnostic] {
            do {
                _ = try TimelineCodec.decode(text)
                return []
            } catch { return error.diagnostics }
        }
        let far = problems(original.replacingOccurrences(of: "\"duck\": 0.35", with: "\"duck\": 1.5"))
        #expect(far.map(\.code) == [.volumeRange])
        #expect(far.first?.location.line == duckLine)
        let voice = problems(original.replacingOccurrences(of: "\"id\": \"music\",", with: "\"id\": \"music\", \"role\": \"voice\","))
        #expect(voice.map(\.code).contains(.duckedVoice), "\(voice)")
        let ducked = try #require(voice.first { $0.code == .duckedVoice })
        #expect(ducked.location.path == JSONPath.root.appending("audio").appending(0).appending("ducking"))
        #expect(ducked.location.line == duckLine)
        let both = problems(original.replacingOccurrences(of: "\"format\": 1,", with: "\"format\": 1, \"template\": \"/t\","))
        #expect(both.map(\.code) == [.unknownKey])
    }
}
