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
        #expect(TimelineCodec.encode(timeline) == text)
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
