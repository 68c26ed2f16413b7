import MediaTime
import Testing
import TimelineModel

@testable import RenderCore

/// Segments K of N of a timeline: on frames, together every frame once, each at least one frame,
/// and balanced by what the frames cost to draw rather than by their number.
@Suite struct FrameSegmentTests {
    /// 100 frames at 25 fps: one clip on [0, 2 s), another on [2 s, 4 s) with a clip of an upper
    /// layer over it, so a frame of the second half costs 6 and of the first 4.
    let timeline: Timeline = {
        func clip(_ id: String, _ start: Int64, layer: Int = 0) -> VideoClip {
            let range = TimeRange(start: RationalTime(seconds: start), duration: RationalTime(seconds: 2))
            return VideoClip(
                id: id, media: id + ".mp4", kind: .video, timelineRange: range,
                sourceRange: TimeRange(start: .zero, duration: RationalTime(seconds: 2)),
                layer: layer)
        }
        return Timeline(
            canvas: Canvas(width: 16, height: 16), frameRate: FrameRate(25), duration: RationalTime(seconds: 4),
            clips: [clip("a", 0), clip("b", 2), clip("c", 2, layer: 1)])
    }()

    @Test func boundariesBalanceTheEstimatedCost() throws {
        // 50 x 4 + 50 x 6 = 500; half is 250: 200 in the first half, 50 more at 6 a frame is 9 frames.
        let two = try #require(FrameSegment.all(of: timeline, count: 2))
        #expect(two.map(\.frames) == [0..<59, 59..<100])
        #expect(two.map(\.index) == [0, 1] && two.allSatisfy { $0.count == 2 })
        #expect(FrameSegment.all(of: timeline, count: 1)?.map(\.frames) == [0..<100])
    }

    @Test func segmentsCoverEveryFrameOnceWhateverTheirCount() throws {
        for n in 1...100 {
            let segments = try #require(FrameSegment.all(of: timeline, count: n))
            #expect(segments.count == n)
            #expect(segments.first?.frames.lowerBound == 0 && segments.last?.frames.upperBound == 100)
            for (a, b) in zip(segments, segments.dropFirst()) { #expect(a.frames.upperBound == b.frames.lowerBound) }
            #expect(segments.allSatisfy { !$0.frames.isEmpty }, "N = \(n)")
        }
        #expect(FrameSegment.all(of: timeline, count: 0) == nil)
        #expect(FrameSegment.all(of: timeline, count: 101) == nil)
    }
}
