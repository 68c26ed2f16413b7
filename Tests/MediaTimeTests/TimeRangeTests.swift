import Testing

@testable import MediaTime

@Suite struct TimeRangeTests {
    @Test func startDurationAndEnd() {
        let r = TimeRange(start: rt(1), duration: rt(1, 2))
        #expect(r.end == rt(3, 2))
        #expect(TimeRange(start: rt(1), end: rt(3, 2)) == r)
        #expect(TimeRange(start: rt(-1, 2), end: rt(1, 2)).duration == rt(1))
        #expect(!r.isEmpty)
        #expect(TimeRange(start: rt(5), duration: .zero).isEmpty)
        #expect(r.description == "[1s, 3/2s)")
    }

    @Test func isHalfOpen() {
        let r = TimeRange(start: rt(1), end: rt(2))
        #expect(r.contains(rt(1)))
        #expect(r.contains(rt(3, 2)))
        #expect(r.contains(rt(2) - rt(1, 1 << 40)))
        #expect(!r.contains(rt(2)))
        #expect(!r.contains(rt(1) - rt(1, .max)))
        let empty = TimeRange(start: rt(1), duration: .zero)
        #expect(!empty.contains(rt(1)))
    }

    @Test func adjacentRangesDoNotOverlap() {
        let a = TimeRange(start: .zero, end: rt(1001, 30_000))
        let b = TimeRange(start: rt(1001, 30_000), end: rt(2002, 30_000))
        #expect(!a.overlaps(b))
        #expect(!b.overlaps(a))
        #expect(a.intersection(b) == nil)
        #expect(a.end == b.start)
        #expect(!(a.contains(a.end) && b.contains(b.start)))
    }

    @Test func overlappingRanges() {
        let a = TimeRange(start: .zero, end: rt(2))
        let b = TimeRange(start: rt(1), end: rt(3))
        #expect(a.overlaps(b) && b.overlaps(a))
        #expect(a.intersection(b) == TimeRange(start: rt(1), end: rt(2)))
        #expect(a.overlaps(a))
        #expect(a.intersection(a) == a)
        let inner = TimeRange(start: rt(1, 2), end: rt(1))
        #expect(a.intersection(inner) == inner)
    }

    @Test func emptyRangesShareNoInstant() {
        let a = TimeRange(start: .zero, end: rt(2))
        let empty = TimeRange(start: rt(1), duration: .zero)
        #expect(!a.overlaps(empty))
        #expect(!empty.overlaps(a))
        #expect(!empty.overlaps(empty))
        #expect(a.intersection(empty) == nil)
    }

    @Test func containsRanges() {
        let a = TimeRange(start: .zero, end: rt(2))
        #expect(a.contains(TimeRange(start: rt(1), end: rt(2))))
        #expect(a.contains(a))
        #expect(!a.contains(TimeRange(start: rt(1), end: rt(3))))
        #expect(!a.contains(TimeRange(start: rt(-1), end: rt(1))))
    }

    @Test func offset() {
        let r = TimeRange(start: rt(1), duration: rt(1, 2))
        #expect(r.offset(by: rt(-1)) == TimeRange(start: .zero, duration: rt(1, 2)))
        #expect(r.offset(by: rt(1001, 30_000)).end == rt(3, 2) + rt(1001, 30_000))
    }

    @Test func framesOnTheGrid() {
        #expect(TimeRange(start: .zero, end: rt(1)).frames(at: FrameRate(30)) == 0..<30)
        #expect(TimeRange(start: rt(1), end: rt(2)).frames(at: FrameRate(25)) == 25..<50)
        let ntsc = FrameRate(numerator: 30_000, denominator: 1_001)
        #expect(TimeRange(start: rt(1001, 30_000), duration: rt(2002, 30_000)).frames(at: ntsc) == 1..<3)
        #expect(TimeRange(start: .zero, end: rt(1001)).frames(at: ntsc).count == 30_000)
        #expect(TimeRange(start: rt(-1), end: .zero).frames(at: FrameRate(24)) == -24..<0)
    }

    @Test func framesOffTheGridBelongWhereTheirStartFalls() {
        let rate = FrameRate(25)  // frames every 0.04 s
        // [0.01, 0.1) holds the starts of frames 1 (0.04) and 2 (0.08).
        #expect(TimeRange(start: rt(1, 100), end: rt(1, 10)).frames(at: rate) == 1..<3)
        // [0.01, 0.03) holds no frame start.
        #expect(TimeRange(start: rt(1, 100), end: rt(3, 100)).frames(at: rate).isEmpty)
        // [0.04, 0.0401) holds frame 1 only.
        #expect(TimeRange(start: rt(4, 100), end: rt(401, 10_000)).frames(at: rate) == 1..<2)
        #expect(TimeRange(start: rt(4, 100), duration: .zero).frames(at: rate).isEmpty)
    }

    @Test func adjacentRangesPartitionFrames() {
        let rate = FrameRate(numerator: 24_000, denominator: 1_001)
        let cuts: [RationalTime] = [.zero, rt(1, 3), rt(7, 5), rt(2), rt(1001, 1000), rt(10)].sorted()
        var next: Int64 = 0
        for (a, b) in zip(cuts, cuts.dropFirst()) {
            let frames = TimeRange(start: a, end: b).frames(at: rate)
            #expect(frames.lowerBound == next)
            next = frames.upperBound
        }
        #expect(next == TimeRange(start: .zero, end: rt(10)).frames(at: rate).upperBound)
    }
}
