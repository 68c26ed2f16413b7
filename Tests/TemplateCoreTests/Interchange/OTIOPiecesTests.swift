import MediaTime
import Testing

@testable import TimelineModel

/// A clip whose source runs past its media's end is split where the renderer wraps or holds, on
/// the frame grid, into pieces that each play within the media.
@Suite struct OTIOPiecesTests {
    let fd = FrameRate(30).frameDuration
    func f(_ n: Int64) -> RationalTime { FrameRate(30).time(ofFrame: n) }
    func s(_ text: String) -> RationalTime { seconds(text) }

    @Test func aForwardClipPlaysThenHoldsTheLastFrame() {
        let pieces = OTIOPieces.split(
            timeline: TimeRange(start: f(30), duration: f(45)), source: TimeRange(start: .zero, duration: s("1.5")), speed: s("1"), reverse: false,
            loop: false, extent: MediaExtent(duration: s("1"), frameDuration: s("0.04")), frame: fd)
        #expect(
            pieces == [
                OTIOPiece(range: TimeRange(start: f(30), end: f(60)), sourceStart: .zero, part: .plays),
                OTIOPiece(range: TimeRange(start: f(60), end: f(75)), sourceStart: s("0.96"), part: .holds),
            ])
    }

    @Test func aReversedClipHoldsFirstThenPlaysDownToItsStart() {
        // Source time 1.5 - n/20 is at or past 1 s for frames 0...9.
        let pieces = OTIOPieces.split(
            timeline: TimeRange(start: .zero, duration: f(30)), source: TimeRange(start: .zero, duration: s("1.5")), speed: s("1.5"),
            reverse: true, loop: false, extent: MediaExtent(duration: s("1")), frame: fd)
        #expect(
            pieces == [
                OTIOPiece(range: TimeRange(start: .zero, end: f(10)), sourceStart: s("1") - fd, part: .holds),
                OTIOPiece(range: TimeRange(start: f(10), end: f(30)), sourceStart: .zero, part: .plays),
            ])
        // The part played, 20 frames at 1.5, ends at the media's end.
        #expect(fd * 20 * s("1.5") == s("1"))
    }

    @Test func aLoopIsOnePiecePerPassEachFromTheMediasStart() {
        // Source 0.5 + n/15 over 30 frames of a 0.8 s media: wraps at frames 5, 17 and 29.
        let pieces = OTIOPieces.split(
            timeline: TimeRange(start: .zero, duration: f(30)), source: TimeRange(start: s("0.5"), duration: s("2")), speed: s("2"),
            reverse: false, loop: true, extent: MediaExtent(duration: s("0.8")), frame: fd)
        let third = RationalTime(value: 1, timescale: 30)
        #expect(pieces.map(\.range.start) == [f(0), f(5), f(17), f(29)] && pieces.last?.range.end == f(30))
        #expect(pieces.map(\.sourceStart) == [s("0.5"), third, third, third])
        #expect(pieces.map(\.part) == [.plays, .pass(2), .pass(3), .pass(4)])
    }

    @Test func aClipWithinItsMediaOrOfUnknownLengthStaysWhole() {
        let r = TimeRange(start: .zero, duration: f(30))
        for extent in [MediaExtent(duration: s("2")), nil] {
            let pieces = OTIOPieces.split(
                timeline: r, source: TimeRange(start: s("0.5"), duration: s("1")), speed: s("1"), reverse: false, loop: true, extent: extent,
                frame: fd)
            #expect(pieces == [OTIOPiece(range: r, sourceStart: s("0.5"), part: .plays)])
        }
    }
}
