import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

/// Which source picture each output frame shows when the rates differ: the last picture starting
/// strictly before the frame's time plus half an output frame, so each picture lands on the output
/// frame nearest its own time. Forward, reversed and looping clips agree.
@Suite struct RateChangeTests {
    static let output = FrameRate(30)

    /// The source picture output frame `n` of a clip from source time 0 shows, from the rule alone
    /// in whole numbers: the largest `k` with `k / source < (2n + 1) / (2 * output)`.
    static func picture(forFrame n: Int64, source: FrameRate, output: FrameRate) -> Int64 {
        // k * sn / sd < (2n + 1) * od / (2 * on)  <=>  2 * k * sn * on < (2n + 1) * od * sd
        let lhs = 2 * source.denominator * output.numerator
        let rhs = (2 * n + 1) * output.denominator * source.numerator
        return (rhs - 1) / lhs
    }

    func render(_ clip: VideoClip, frames: Int64, in dir: TemporaryFolder, name: String) throws -> [Int] {
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: Self.output, duration: Self.output.time(ofFrame: frames), clips: [clip],
            output: OutputSettings(preset: "superfast"))
        let out = dir.file(name)
        try Exporter.export(timeline, to: out)
        return try Tools.frameBrightness(out)
    }

    /// A 25 fps counting clip in a 30 fps video, forward, reversed and looped: each output frame
    /// shows the picture the rule names (levels 8 apart, so one picture off is seen).
    @Test func forwardReversedAndLoopedClipsShowTheRulesPictures() throws {
        let dir = TemporaryFolder()
        let media = dir.file("count25.mp4")
        let source = FrameRate(25)
        try TestMedia.countingClip(media, frames: 25, rate: "25", step: 8)
        let reference = try Tools.frameBrightness(media)
        #expect(reference.count == 25)
        let second = Self.output.time(ofFrame: 30)
        var clip = VideoClip(
            id: "c", media: media, kind: .video, timelineRange: TimeRange(start: .zero, end: second),
            sourceRange: TimeRange(start: .zero, end: second))
        let forward = try render(clip, frames: 30, in: dir, name: "forward.mp4")
        let expected = (0..<30).map { reference[Int(Self.picture(forFrame: Int64($0), source: source, output: Self.output))] }
        #expect(forward.count == 30)
        let wrongForward = (0..<min(30, forward.count)).filter { abs(forward[$0] - expected[$0]) > 2 }
        #expect(wrongForward.isEmpty, "forward frames off the rule: \(wrongForward); got \(forward), expected \(expected)")
        // Some output frames repeat a picture (25 into 30): the rule, not a one-to-one copy.
        #expect(Set(expected).count == 25)

        clip.reverse = true
        let reversed = try render(clip, frames: 30, in: dir, name: "reversed.mp4")
        let wrongReversed = (0..<min(30, reversed.count)).filter { abs(reversed[$0] - forward[29 - $0]) > 2 }
        #expect(reversed.count == 30)
        #expect(wrongReversed.isEmpty, "reversed frames not the forward ones backwards: \(wrongReversed); got \(reversed)")

        clip.reverse = false
        clip.loop = true
        clip.timelineRange = TimeRange(start: .zero, end: second * 2)
        clip.sourceRange = TimeRange(start: .zero, end: second * 2)
        let looped = try render(clip, frames: 60, in: dir, name: "looped.mp4")
        // The picture counted over passes, then taken within the pass.
        let loopExpected = (0..<60).map { reference[Int(Self.picture(forFrame: Int64($0), source: source, output: Self.output) % 25)] }
        #expect(looped.count == 60)
        let wrongLooped = (0..<min(60, looped.count)).filter { abs(looped[$0] - loopExpected[$0]) > 2 }
        #expect(wrongLooped.isEmpty, "looped frames off the rule: \(wrongLooped); got \(looped), expected \(loopExpected)")
    }

    /// The rule in whole numbers, checked at hand-worked points: 60 fps into 30 (every odd picture
    /// is exactly halfway: the earlier, even one shows), 25 into 30, and 30 into 30 (each its own).
    @Test func theRuleAtTiePoints() {
        let sixty = FrameRate(60)
        #expect((0..<10).map { Self.picture(forFrame: $0, source: sixty, output: Self.output) } == [0, 2, 4, 6, 8, 10, 12, 14, 16, 18])
        #expect((0..<7).map { Self.picture(forFrame: $0, source: FrameRate(25), output: Self.output) } == [0, 1, 2, 2, 3, 4, 5])
        #expect((0..<5).map { Self.picture(forFrame: $0, source: Self.output, output: Self.output) } == [0, 1, 2, 3, 4])
    }
}
