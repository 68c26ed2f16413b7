import MediaTime
import TemplateFormat
import Testing
import TimelineModel

@testable import DocumentLimits
@testable import RenderCore

/// The planner's gains stay inside their declared ranges whatever a timeline says: the mixer
/// never multiplies a sound by more than `Limits.volume` allows.
@Suite struct AudioGainRangeTests {
    func musicGain(volume: Double) -> Float? {
        let d = RationalTime(seconds: 2)
        let music = AudioClip(id: "m", media: "m.m4a", timelineRange: TimeRange(start: .zero, duration: d), volume: volume)
        let timeline = Timeline(canvas: Canvas(width: 16, height: 16), frameRate: FrameRate(25), duration: d, clips: [], audio: [music])
        return AudioPlanner(timeline: timeline).items.first?.gain(at: 48_000)
    }

    @Test func volumesPastTheRangeAreHeardAtItsTop() {
        #expect(musicGain(volume: 1e308) == Float(Limits.volume.upperBound))
        #expect(musicGain(volume: .infinity) == Float(Limits.volume.upperBound))
        #expect(musicGain(volume: 4) == 4)
        #expect(musicGain(volume: 0.5) == 0.5)
    }

    @Test func aVolumeThatIsNotANumberIsSilence() {
        #expect((musicGain(volume: .nan) ?? 0) == 0)
    }
}
