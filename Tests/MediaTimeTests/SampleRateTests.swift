import Testing

@testable import MediaTime

@Suite struct SampleRateTests {
    @Test func standardIs48k() {
        #expect(SampleRate.standard.samplesPerSecond == 48_000)
        #expect(SampleRate.standard == SampleRate(48_000))
    }

    @Test func timeOfSample() {
        let rate = SampleRate(48_000)
        #expect(rate.time(ofSample: 48_000) == rt(1))
        #expect(rate.time(ofSample: 1) == rt(1, 48_000))
        #expect(rate.time(ofSample: -24_000) == rt(-1, 2))
    }

    @Test func sampleAtTimeNamesItsRounding() {
        let rate = SampleRate(48_000)
        let frame = rt(1001, 30_000)  // 1601.6 samples
        #expect(rate.sample(at: frame, rounding: .down) == 1601)
        #expect(rate.sample(at: frame, rounding: .towardZero) == 1601)
        #expect(rate.sample(at: frame, rounding: .up) == 1602)
        #expect(rate.sample(at: frame, rounding: .toNearestOrEven) == 1602)
        #expect(rate.sample(at: -frame, rounding: .down) == -1602)
        #expect(rate.sample(at: -frame, rounding: .towardZero) == -1601)
        // Half a sample: ties.
        #expect(rate.sample(at: rt(5, 96_000), rounding: .toNearestOrEven) == 2)
        #expect(rate.sample(at: rt(5, 96_000), rounding: .toNearestOrAwayFromZero) == 3)
    }

    @Test func roundTripsOnItsGrid() {
        for rate in [SampleRate(44_100), SampleRate(48_000), SampleRate(96_000)] {
            for index: Int64 in [0, 1, 999, 44_100, -7, 1 << 40] {
                for rule in allRoundingRules {
                    #expect(rate.sample(at: rate.time(ofSample: index), rounding: rule) == index)
                }
            }
        }
    }

    @Test func framesAtVideoRates() {
        #expect(SampleRate(44_100).sample(at: FrameRate(25).time(ofFrame: 1), rounding: .down) == 1764)
        let ntsc = FrameRate(numerator: 30_000, denominator: 1_001)
        // 1001 s of 30000/1001 video is exactly 48,048,000 samples.
        #expect(SampleRate.standard.sample(at: ntsc.time(ofFrame: 30_000), rounding: .down) == 48_048_000)
    }
}
