import MediaTime
import Testing

@testable import TemplateResolver
@testable import TimelineEditing
@testable import TimelineModel

/// Edits of smart clips keep their crop paths valid, and the window where it was on screen.
@Suite struct CropEditTests {
    func f(_ n: Int64) -> RationalTime { FrameRate(30).time(ofFrame: n) }

    /// One 2 s smart video whose window pans from 0.2 to 0.8 over its first second.
    func editor() throws -> TimelineEditor {
        let r = try Resolver.resolve(template: template(["2"]), templateFolder: "tpl", media: [video("a.mov", "10")])
        var t = r.timeline
        t.clips[0].fit = .smart
        t.clips[0].crop = [CropKeyframe(time: .zero, x: 0.2), CropKeyframe(time: f(30), x: 0.8)]
        #expect(TimelineValidation.problems(t).isEmpty)
        return try TimelineEditor(t)
    }

    func centre(_ t: Timeline, frame n: Int64) -> Double? {
        let time = f(n)
        guard let c = t.clips.first(where: { $0.timelineRange.contains(time) }) else { return nil }
        return CropPath.centre(c.crop, at: time - c.timelineRange.start)?.x
    }

    @Test func splitAndTrimKeepTheWindowOnScreen() throws {
        var e = try editor()
        let before = e.timeline
        try e.split("s1", atFrame: 15)
        #expect(TimelineValidation.problems(e.timeline).isEmpty)
        // Exact at the keyframes and the cut; between them the parts' own tangents bend the
        // curve a little (a monotone cubic sees only its part).
        for n in [0, 10, 15, 20, 29, 30, 45] as [Int64] {
            let a = try #require(centre(before, frame: n))
            let b = try #require(centre(e.timeline, frame: n))
            #expect(abs(a - b) < ([0, 15, 30, 45].contains(n) ? 1e-9 : 0.03), "frame \(n): \(a) then \(b)")
        }
        try e.trim("s1-2", startFrames: 5)
        #expect(TimelineValidation.problems(e.timeline).isEmpty)
        #expect(e.timeline.clips[1].crop.first?.time == .zero)
        try e.replace("s1", with: video("b.mov", "10"))
        #expect(e.timeline.clips[0].crop.isEmpty && e.timeline.clips[0].fit == .smart)
    }

    @Test func theOTIOExportCarriesTheCropPath() throws {
        let t = try editor().timeline
        let text = OTIOExport.text(t)
        #expect(text.contains("\"crop\": ["), "\(text)")
        #expect(text.contains("\"fit\": \"smart\"") && text.contains("\"x\": 0.8"))
    }
}
