import Foundation
import Testing

@testable import TemplateCore

/// Timelines of every format version Reel has written stay readable (see "Versions" in
/// docs/timeline-format.md).
@Suite struct TimelineFormatTests {
    /// A stored timeline of format 1. If this fails after a change, the format changed: bump
    /// `Timeline.currentFormat`, add an upgrade of the untyped tree from the old version, and keep
    /// this test reading the old document.
    @Test func aStoredFormatOneTimelineReadsAndWritesBackTheSame() throws {
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
        ).replacingOccurrences(of: "      \"id\": \"music\",\n", with: "      \"id\": \"music\",\n      \"loop\": false,\n")
            .replacingOccurrences(
                of: "      \"media\": \"/templates/postcard/music/track.m4a\",\n",
                with: "      \"media\": \"/templates/postcard/music/track.m4a\",\n      \"role\": \"music\",\n")
        #expect(TimelineCodec.encode(timeline) == written)
        #expect(timeline.transitions.first?.kind == "lumaWipe")
    }

    @Test(arguments: [0, 2, 99])
    func otherVersionsAreRefusedWithT010(format: Int) throws {
        let text = try RepositoryFiles.text("Tests/Fixtures/timeline-format-1.json")
            .replacingOccurrences(of: "\"format\": 1,", with: "\"format\": \(format),")
        do {
            _ = try TimelineCodec.decode(text)
            Issue.record("read format \(format)")
        } catch {
            #expect(error.codes == [.unsupportedFormat], "\(error)")
        }
    }
}
