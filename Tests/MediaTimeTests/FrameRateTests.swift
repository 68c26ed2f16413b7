import Testing

@testable import MediaTime

@Suite struct FrameRateBasicsTests {
    @Test func normalizesAndDescribes() {
        #expect(FrameRate(numerator: 60_000, denominator: 2_002) == FrameRate(numerator: 30_000, denominator: 1_001))
        #expect(FrameRate(numerator: 50, denominator: 2) == FrameRate(25))
        #expect(FrameRate(numerator: 50, denominator: 2).hashValue == FrameRate(25).hashValue)
        #expect(FrameRate(25).description == "25")
        #expect(FrameRate(numerator: 30_000, denominator: 1_001).description == "30000/1001")
        #expect(FrameRate(numerator: 30_000, denominator: 1_001).asTime == RationalTime(value: 30_000, timescale: 1_001))
        #expect(FrameRate(numerator: 24_000, denominator: 1_001).framesPerSecond > 23.976)
        #expect(FrameRate(numerator: 24_000, denominator: 1_001).framesPerSecond < 23.977)
    }

    @Test func frameDuration() {
        #expect(FrameRate(25).frameDuration == rt(1, 25))
        #expect(FrameRate(numerator: 30_000, denominator: 1_001).frameDuration == rt(1001, 30_000))
    }

    @Test func twentyNineFramesAt25IsExactly1_16Seconds() throws {
        let rate = FrameRate(25)
        let t = rate.time(ofFrame: 29)
        #expect(t == rt(116, 100))
        #expect(t == rt(29, 25))
        let parsed = try #require(RationalTime(decimalString: "1.16"))
        #expect(parsed == t)
        for rule in allRoundingRules {
            #expect(rate.frame(at: parsed, rounding: rule) == 29)
        }
    }

    @Test func timeOfFrameAndBack() {
        let rate = FrameRate(numerator: 30_000, denominator: 1_001)
        for index: Int64 in [-5, 0, 1, 2, 29, 30, 1_799, 107_892, 1_000_000_000] {
            let t = rate.time(ofFrame: index)
            for rule in allRoundingRules {
                #expect(rate.frame(at: t, rounding: rule) == index)
            }
            #expect(rate.isOnGrid(t))
        }
    }
}

@Suite struct FrameRateNTSCGridTests {
    let rate = FrameRate(numerator: 30_000, denominator: 1_001)

    @Test func frameOneIsAt1001Over30000() {
        #expect(rate.time(ofFrame: 1) == rt(1001, 30_000))
        #expect(rate.time(ofFrame: 0) == .zero)
        #expect(rate.time(ofFrame: 30_000) == rt(1001))
        #expect(rate.time(ofFrame: -1) == rt(-1001, 30_000))
    }

    @Test func justBeforeAGridPoint() {
        let t = rt(1001, 30_000) - rt(1, 1_000_000)
        #expect(rate.frame(at: t, rounding: .down) == 0)
        #expect(rate.frame(at: t, rounding: .towardZero) == 0)
        #expect(rate.frame(at: t, rounding: .up) == 1)
        #expect(rate.frame(at: t, rounding: .awayFromZero) == 1)
        #expect(rate.frame(at: t, rounding: .toNearestOrEven) == 1)
        #expect(rate.frame(at: t, rounding: .toNearestOrAwayFromZero) == 1)
        #expect(!rate.isOnGrid(t))
        #expect(rate.snap(t, rounding: .down) == .zero)
        #expect(rate.snap(t, rounding: .toNearestOrEven) == rt(1001, 30_000))
    }

    @Test func justAfterAGridPoint() {
        let t = rt(1001, 30_000) + rt(1, 1_000_000)
        #expect(rate.frame(at: t, rounding: .down) == 1)
        #expect(rate.frame(at: t, rounding: .towardZero) == 1)
        #expect(rate.frame(at: t, rounding: .up) == 2)
        #expect(rate.frame(at: t, rounding: .awayFromZero) == 2)
        #expect(rate.frame(at: t, rounding: .toNearestOrEven) == 1)
        #expect(rate.frame(at: t, rounding: .toNearestOrAwayFromZero) == 1)
        #expect(rate.snap(t, rounding: .up) == rt(2002, 30_000))
    }

    @Test func aroundANegativeGridPoint() {
        let t = rt(-1001, 30_000) - rt(1, 1_000_000)  // just before frame -1
        #expect(rate.frame(at: t, rounding: .down) == -2)
        #expect(rate.frame(at: t, rounding: .up) == -1)
        #expect(rate.frame(at: t, rounding: .towardZero) == -1)
        #expect(rate.frame(at: t, rounding: .awayFromZero) == -2)
        #expect(rate.frame(at: t, rounding: .toNearestOrEven) == -1)
    }

    @Test func halfwayBetweenFrames() {
        let oneAndAHalf = rt(3003, 60_000)
        let twoAndAHalf = rt(5005, 60_000)
        #expect(rate.frame(at: oneAndAHalf, rounding: .toNearestOrEven) == 2)
        #expect(rate.frame(at: oneAndAHalf, rounding: .toNearestOrAwayFromZero) == 2)
        #expect(rate.frame(at: twoAndAHalf, rounding: .toNearestOrEven) == 2)
        #expect(rate.frame(at: twoAndAHalf, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(rate.frame(at: -twoAndAHalf, rounding: .toNearestOrEven) == -2)
        #expect(rate.frame(at: -twoAndAHalf, rounding: .toNearestOrAwayFromZero) == -3)
    }

    @Test func thirtyThousandFrameDurationsAreExactly1001Seconds() {
        var total = RationalTime.zero
        for _ in 0..<30_000 { total += rate.frameDuration }
        #expect(total == rt(1001))
        #expect(total.timescale == 1)
    }

    @Test func noDriftOverAMillionFrames() {
        var t = RationalTime.zero
        for index in Int64(0)..<1_000_000 {
            if t != rate.time(ofFrame: index) || rate.frame(at: t, rounding: .down) != index
                || rate.frame(at: t, rounding: .toNearestOrEven) != index
            {
                Issue.record("drift at frame \(index): \(t)")
                return
            }
            t += rate.frameDuration
        }
        #expect(t == rt(100_100, 3))  // 1,000,000 * 1001 / 30000 s
        #expect(rate.frame(at: t, rounding: .down) == 1_000_000)
    }
}

@Suite struct FrameRateLongTimelineTests {
    @Test func twoHoursAt23_976() {
        let rate = FrameRate(numerator: 24_000, denominator: 1_001)
        let twoHours = RationalTime(seconds: 7_200)
        // 7200 * 24000 / 1001 = 172627.37...: frames 0...172627 start before two hours.
        #expect(rate.frame(at: twoHours, rounding: .down) == 172_627)
        #expect(rate.frame(at: twoHours, rounding: .up) == 172_628)
        #expect(rate.frame(at: twoHours, rounding: .toNearestOrEven) == 172_627)
        let frames = TimeRange(start: .zero, duration: twoHours).frames(at: rate)
        #expect(frames == 0..<172_628)
        #expect(frames.count == 172_628)

        let last: Int64 = 172_627
        let lastStart = rate.time(ofFrame: last)
        #expect(lastStart == rt(172_799_627, 24_000))
        #expect(lastStart < twoHours)
        #expect(lastStart + rate.frameDuration > twoHours)
        for rule in allRoundingRules {
            #expect(rate.frame(at: lastStart, rounding: rule) == last)
        }
    }

    @Test func largeTimesAndTimescalesDoNotTrap() {
        let rate = FrameRate(numerator: 30_000, denominator: 1_001)
        // 10^17 s: time * 30000 does not fit in Int64, but the frame index does.
        let far = RationalTime(seconds: 100_000_000_000_000_000)
        #expect(rate.frame(at: far, rounding: .down) == 2_997_002_997_002_997_002)
        #expect(!rate.isOnGrid(far))
        #expect(FrameRate(25).isOnGrid(far))
        // About one second with a timescale near 2^62.
        let nearlyOne = rt(1 << 62, (1 << 62) - 1)
        #expect(rate.frame(at: nearlyOne, rounding: .down) == 29)
        #expect(rate.frame(at: nearlyOne, rounding: .up) == 30)
        #expect(rate.frame(at: nearlyOne, rounding: .toNearestOrEven) == 30)
    }
}

@Suite struct FrameRateParsingTests {
    @Test func wholeAndFractionalRates() {
        #expect(FrameRate(string: "30") == FrameRate(30))
        #expect(FrameRate(string: "30000/1001") == FrameRate(numerator: 30_000, denominator: 1_001))
        #expect(FrameRate(string: "60000/2002") == FrameRate(numerator: 30_000, denominator: 1_001))
        #expect(FrameRate(string: "25.0") == FrameRate(25))
        #expect(FrameRate(string: "1000") == FrameRate(1000))
    }

    @Test func ntscAbbreviationsMeanTheNTSCRates() {
        #expect(FrameRate(string: "29.97") == FrameRate(numerator: 30_000, denominator: 1_001))
        #expect(FrameRate(string: "23.976") == FrameRate(numerator: 24_000, denominator: 1_001))
        #expect(FrameRate(string: "23.98") == FrameRate(numerator: 24_000, denominator: 1_001))
        #expect(FrameRate(string: "59.94") == FrameRate(numerator: 60_000, denominator: 1_001))
        #expect(FrameRate(string: "47.952") == FrameRate(numerator: 48_000, denominator: 1_001))
        #expect(FrameRate(string: "119.88") == FrameRate(numerator: 120_000, denominator: 1_001))
    }

    @Test func otherDecimalsStayExact() {
        #expect(FrameRate(string: "25.5") == FrameRate(numerator: 51, denominator: 2))
        #expect(FrameRate(string: "12.5") == FrameRate(numerator: 25, denominator: 2))
        #expect(FrameRate(string: "30.05") == FrameRate(numerator: 601, denominator: 20))
        #expect(FrameRate(string: "0.5") == FrameRate(numerator: 1, denominator: 2))
        #expect(FrameRate(string: "0.001") == FrameRate(numerator: 1, denominator: 1000))
    }

    @Test func rejectsInvalidRates() {
        for text in [
            "0", "-1", "1/0", "0/1", "-30/1", "30/-1", "abc", "", "/", "30/", "/1001", "1/2/3",
            "0.0", "-29.97", "1001", "1000.5", "2000/1", "30 fps", "1e4",
        ] {
            #expect(FrameRate(string: text) == nil, "\(text)")
        }
    }

    @Test func pathologicalDecimalsDoNotTrap() {
        // Exact values with huge timescales must neither trap nor be mistaken for something else.
        #expect(FrameRate(string: "922337203685477580.7") == nil)
        #expect(FrameRate(string: "999.999999999999999") == FrameRate(1000))  // within 0.01 of 1001 * 1000/1001 = 1000
        #expect(FrameRate(string: "29.970000000000000001") == nil)  // 20 significant digits
        #expect(FrameRate(string: "29.9700000000000001") == FrameRate(numerator: 30_000, denominator: 1_001))
    }

    @Test func descriptionRoundTrips() {
        for rate in [FrameRate(24), FrameRate(numerator: 30_000, denominator: 1_001), FrameRate(numerator: 51, denominator: 2)] {
            #expect(FrameRate(string: rate.description) == rate)
        }
    }
}
