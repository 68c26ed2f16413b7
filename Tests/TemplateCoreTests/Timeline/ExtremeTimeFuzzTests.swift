import Foundation
import MediaTime
import Testing

@testable import DocumentJSON
@testable import DocumentLimits
@testable import RenderCore
@testable import TemplateResolver
@testable import TimelineModel

/// Timelines whose times lie at the ends of what a timeline may hold (10,000,000 s, steps of up to
/// a nanosecond) with denominators that are different large primes, seeded so every run reads the
/// same: reading either refuses them in words or gives a timeline whose every frame and sound the
/// planners lay out, never a trap (a trap ends this test process, so it cannot pass by accident).
@Suite struct ExtremeTimeFuzzTests {
    typealias Generator = SeededGenerator

    static let primes: [Int64] = [999_999_937, 999_999_929, 999_999_893, 49_999_991, 9_999_991, 1_000_003, 104_729, 7919, 997]

    /// A time of up to `limit` seconds on a random prime step (or a whole second).
    static func time(upTo limit: Int64, using random: inout Generator) -> RationalTime {
        let p = primes.randomElement(using: &random) ?? 997
        let seconds = [limit, limit - 1, Int64.random(in: 0...limit, using: &random), 0, 1].randomElement(using: &random) ?? 0
        let value = seconds * p + Int64.random(in: -(p - 1)...(p - 1), using: &random)
        return RationalTime(value: max(0, value), timescale: p)
    }

    /// The sample timeline with its source times, speeds, sound starts and keyframes replaced by
    /// extreme ones, each clip kept consistent (source length = length × speed) most of the time.
    static func extreme(using random: inout Generator) -> Timeline {
        var t = TimelineCodecTests.sample()
        let far = Limits.maxTimelineTime.ticks(timescale: 1, rounding: .down)
        for i in t.clips.indices {
            var c = t.clips[i]
            if Bool.random(using: &random) {
                let p = primes.randomElement(using: &random) ?? 997
                c.speed = RationalTime(value: Int64.random(in: (p / 40 + 1)...(4 * p), using: &random), timescale: p)
                if let d = try? c.timelineRange.duration.multiplied(by: c.speed), Int.random(in: 0..<8, using: &random) > 0 {
                    c.sourceRange = TimeRange(start: c.sourceRange.start, duration: d)
                }
            }
            if Bool.random(using: &random) {
                let start = time(upTo: [far, 1_000_000, 3600, 100].randomElement(using: &random) ?? 100, using: &random)
                if start.addingReportingOverflow(c.sourceRange.duration) != nil {
                    c.sourceRange = TimeRange(start: start, duration: c.sourceRange.duration)
                }
            }
            c.reverse = Int.random(in: 0..<3, using: &random) == 0
            c.loop = Int.random(in: 0..<5, using: &random) == 0
            if !c.motion.isEmpty, Bool.random(using: &random) {
                c.motion[c.motion.count - 1].time = time(upTo: 3, using: &random)
            }
            t.clips[i] = c
        }
        for i in t.audio.indices where Bool.random(using: &random) {
            t.audio[i].sourceStart = time(upTo: 3600, using: &random)
        }
        return t
    }

    @Test func extremeRationalTimesAreRefusedInWordsOrPlanned() {
        var random = Generator(seed: 2311)
        var read = 0
        var refusedForSteps = 0
        for _ in 0..<600 {
            let t = Self.extreme(using: &random)
            let decoded: Timeline
            do {
                decoded = try TimelineCodec.decode(TimelineCodec.encode(t))
            } catch {
                #expect(error.diagnostics.allSatisfy { !$0.notes.isEmpty && !$0.message.isEmpty }, "\(error)")
                if error.codes.contains(.outOfRange) { refusedForSteps += 1 }
                continue
            }
            read += 1
            // Every frame's source time, and the sound's plan, formed with the planners' own arithmetic.
            let planner = FramePlanner(timeline: decoded)
            let frames = decoded.frameRate.frame(at: decoded.duration, rounding: .down)
            for frame in stride(from: Int64(0), to: frames, by: 7) { _ = planner.plan(frame: frame) }
            _ = planner.plan(frame: frames - 1)
            _ = AudioPlanner(timeline: decoded)
        }
        // Both outcomes happen, so neither branch is a test that cannot fail.
        #expect(read > 20, "\(read) of 600 read")
        #expect(refusedForSteps > 20, "\(refusedForSteps) of 600 refused with T015")
    }

    /// A clip whose source times count `Limits.maxSourceTicks` of their common step reads; one a
    /// second later in its source, the same step, is refused at its source range (T015).
    @Test func aClipsSourceStepIsCountedUpToMaxSourceTicks() throws {
        let t = TimelineCodecTests.sample()
        var c = try #require(t.clips.first { $0.kind == .video })
        let index = try #require(t.clips.firstIndex { $0.id == c.id })
        let fine = RationalTime(value: 1, timescale: 999_999_937)
        c.sourceRange = TimeRange(start: fine, duration: c.sourceRange.duration)
        // The step does not depend on the whole seconds before the source start.
        let step = try #require(ExactTimesRule.commonStep(c, rate: t.frameRate))
        let seconds = Limits.maxSourceTicks / step
        let tail = c.sourceRange.end.ticks(timescale: 1, rounding: .up)
        func read(wholeSecondsBefore w: Int64) -> [DiagnosticCode] {
            var u = t
            u.clips[index].sourceRange = TimeRange(start: RationalTime(seconds: w) + fine, duration: c.sourceRange.duration)
            #expect(ExactTimesRule.commonStep(u.clips[index], rate: t.frameRate) == step)
            do {
                _ = try TimelineCodec.decode(TimelineCodec.encode(u))
                return []
            } catch {
                return error.diagnostics.filter { $0.location.path == JSONPath.root.appending("clips").appending(index).appending("sourceRange") }
                    .map(\.code)
            }
        }
        // `seconds` counted: the end rounded up, plus 2 s.
        let atBound = seconds - 2 - tail
        #expect(atBound > 0, "step \(step)")
        #expect(read(wholeSecondsBefore: atBound).isEmpty)
        #expect(read(wholeSecondsBefore: atBound + 1) == [.outOfRange])
    }
}
