import Testing

@testable import MediaTime

/// Every rounding rule, for tests that must hold whichever one a caller names.
let allRoundingRules: [FloatingPointRoundingRule] = [
    .toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .towardZero, .awayFromZero,
]

/// Shorthand for `value / timescale` seconds.
func rt(_ value: Int64, _ timescale: Int64 = 1) -> RationalTime {
    RationalTime(value: value, timescale: timescale)
}

@Suite struct RationalTimeNormalizationTests {
    @Test func equalFractionsAreEqualAndHashAlike() {
        #expect(rt(2, 4) == rt(1, 2))
        #expect(rt(2, 4).hashValue == rt(1, 2).hashValue)
        #expect(Set([rt(2, 4), rt(1, 2), rt(3, 6), rt(500, 1000)]).count == 1)
        #expect(rt(2, 4).value == 1 && rt(2, 4).timescale == 2)
        #expect(rt(30_000, 1_001) != rt(2_997, 100))
    }

    @Test func negativeTimescaleMovesSignToValue() {
        let t = rt(1, -2)
        #expect(t.value == -1 && t.timescale == 2)
        #expect(t == rt(-1, 2))
        #expect(t.hashValue == rt(-1, 2).hashValue)
        let u = rt(-6, -4)
        #expect(u.value == 3 && u.timescale == 2)
    }

    @Test func zeroIsZeroOverOne() {
        let z = rt(0, 48_000)
        #expect(z == .zero)
        #expect(z.value == 0 && z.timescale == 1)
        #expect(z.hashValue == RationalTime.zero.hashValue)
        #expect(rt(0, -7) == .zero && rt(0, -7).timescale == 1)
        #expect(z.isZero && !z.isNegative && !z.isPositive)
    }

    @Test func extremeValuesNormalize() {
        #expect(rt(.max, .max) == rt(1))
        #expect(rt(-.max, .max) == rt(-1))
        #expect(rt(.max, -1).value == -.max)
        #expect(RationalTime(seconds: 5) == rt(10, 2))
    }

    @Test func signsAndSeconds() {
        #expect(rt(-1, 25).isNegative)
        #expect(rt(1, 25).isPositive)
        #expect(rt(3, 2).seconds == 1.5)
        #expect(rt(-1, 4).seconds == -0.25)
    }

    @Test func descriptionUsesExactNotation() {
        #expect(rt(3, 2).description == "3/2s")
        #expect(rt(4, 2).description == "2s")
        #expect(rt(-1001, 30_000).description == "-1001/30000s")
        #expect(RationalTime.zero.description == "0s")
    }
}

@Suite struct RationalTimeComparisonTests {
    @Test func ordersAcrossTimescales() {
        #expect(rt(1, 3) < rt(1, 2))
        #expect(rt(1001, 30_000) > rt(1, 30))
        #expect(rt(-1, 2) < rt(-1, 3))
        #expect(rt(-1, 2) < .zero)
        #expect(!(rt(1, 2) < rt(2, 4)))
        #expect(rt(1, 2) <= rt(2, 4))
        #expect([rt(1, 2), rt(-3), rt(1001, 30_000), rt(1, 25)].sorted() == [rt(-3), rt(1, 30_000) * 1001, rt(1, 25), rt(1, 2)])
    }

    @Test func hugeValuesCompareWithoutOverflow() {
        // max/(max-1) < (max-1)/(max-2): the cross products need 128 bits, and as Doubles both are 1.0.
        let a = rt(.max, .max - 1)
        let b = rt(.max - 1, .max - 2)
        #expect(a.seconds == b.seconds)
        #expect(a < b)
        #expect(!(b < a))
        #expect(-b < -a)
        #expect(rt(.max) > rt(.max - 1))
        #expect(rt(-.max) < rt(-.max + 1))
        #expect(rt(1, .max) < rt(1, .max - 1))
        #expect(rt(-.max) < rt(1, .max))
        #expect(rt(.max, 2) > rt(.max - 1, 2))
    }

    @Test func clamped() {
        #expect(rt(5).clamped(to: .zero, rt(3)) == rt(3))
        #expect(rt(-5).clamped(to: .zero, rt(3)) == .zero)
        #expect(rt(1, 2).clamped(to: .zero, rt(3)) == rt(1, 2))
    }
}

@Suite struct RationalTimeArithmeticTests {
    @Test func addsAndSubtractsExactly() {
        #expect(rt(1, 3) + rt(1, 6) == rt(1, 2))
        #expect(rt(1, 2) - rt(1, 3) == rt(1, 6))
        #expect(rt(1001, 30_000) + rt(1, 48_000) == rt(8013, 240_000))
        #expect(rt(1, 10) + rt(2, 10) == rt(3, 10))
        #expect(rt(1, 4) - rt(3, 4) == rt(-1, 2))
        var t = RationalTime.zero
        t += rt(1, 3)
        t += rt(2, 3)
        #expect(t == rt(1))
        t -= rt(1, 4)
        #expect(t == rt(3, 4))
        #expect(-rt(3, 4) == rt(-3, 4))
        #expect(-RationalTime.zero == .zero)
    }

    @Test func multipliesAndDividesExactly() {
        #expect(rt(1001, 30_000) * 30_000 == rt(1001))
        #expect(rt(1, 2) * rt(2, 3) == rt(1, 3))
        #expect(rt(3, 4) / rt(3, 2) == rt(1, 2))
        #expect(rt(1) / 3 == rt(1, 3))
        #expect(rt(1) / rt(-1, 2) == rt(-2))
        #expect(rt(-1, 2) * rt(-1, 2) == rt(1, 4))
    }

    @Test func ticksRoundByRule() {
        let t = rt(1, 3)  // 16000 samples exactly, 0.333... of a second
        for rule in allRoundingRules {
            #expect(t.ticks(timescale: 48_000, rounding: rule) == 16_000)
        }
        #expect(t.ticks(timescale: 1, rounding: .down) == 0)
        #expect(t.ticks(timescale: 1, rounding: .up) == 1)
        #expect(t.ticks(timescale: 1, rounding: .toNearestOrEven) == 0)
        #expect((-t).ticks(timescale: 1, rounding: .down) == -1)
        #expect((-t).ticks(timescale: 1, rounding: .up) == 0)
        #expect(rt(5, 2).ticks(timescale: 1, rounding: .toNearestOrEven) == 2)
        #expect(rt(5, 2).ticks(timescale: 1, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(rt(-5, 2).ticks(timescale: 1, rounding: .toNearestOrAwayFromZero) == -3)
        #expect(rt(.max, 1).ticks(timescale: 1, rounding: .down) == .max)
        #expect(rt(.max, 2).ticks(timescale: 2, rounding: .down) == .max)
    }

    @Test func roundedToTimescale() {
        #expect(rt(1001, 30_000).rounded(toTimescale: 1000, rule: .toNearestOrEven) == rt(33, 1000))
        #expect(rt(1001, 30_000).rounded(toTimescale: 1000, rule: .up) == rt(34, 1000))
        #expect(rt(-1001, 30_000).rounded(toTimescale: 1000, rule: .down) == rt(-34, 1000))
        #expect(rt(1, 2).rounded(toTimescale: 10, rule: .towardZero) == rt(1, 2))
    }
}

@Suite struct RationalTimeOverflowTests {
    @Test func throwingVariantsReportResultsThatDoNotFit() {
        #expect(throws: TimeOverflowError.self) { try rt(.max).adding(rt(1)) }
        #expect(throws: TimeOverflowError.self) { try rt(-.max).subtracting(rt(1)) }  // would be Int64.min
        #expect(throws: TimeOverflowError.self) { try rt(-.max).subtracting(rt(2)) }
        #expect(throws: TimeOverflowError.self) { try rt(1 << 62).multiplied(by: rt(4)) }
        #expect(throws: TimeOverflowError.self) { try rt(1, .max).adding(rt(1, .max - 1)) }  // denominator too big
        #expect(throws: TimeOverflowError.self) { try rt(1, 1 << 40).multiplied(by: rt(1, 3 << 40)) }
        #expect(throws: TimeOverflowError.self) { try rt(1 << 62).divided(by: rt(1, 4)) }
        #expect(rt(.max).addingReportingOverflow(rt(1)) == nil)
        #expect(rt(.max - 1).addingReportingOverflow(rt(1)) == rt(.max))
    }

    @Test func errorNamesTheOperation() {
        do {
            _ = try rt(.max).adding(rt(1))
            Issue.record("expected overflow")
        } catch {
            #expect(error.description.contains("9223372036854775807s + 1s"))
        }
    }

    @Test func exactResultsThatFitAfterCrossReductionSucceed() throws {
        // (2^62 / 3) * (3 / 2^62) = 1: the naive products overflow, the cross-reduced ones do not.
        #expect(try rt(1 << 62, 3).multiplied(by: rt(3, 1 << 62)) == rt(1))
        #expect(try rt(.max, 7).multiplied(by: rt(7, .max)) == rt(1))
        #expect(try rt(1 << 62).multiplied(by: rt(1, 2)) == rt(1 << 61))
        #expect(try rt(.max, 2).divided(by: rt(.max, 4)) == rt(2))
        #expect(rt(1 << 62, 3) * rt(3, 1 << 62) == rt(1))
    }

    @Test func sumsThatFitAfterReductionSucceed() throws {
        let m = Int64.max
        // m/3 + (m-2)/3 = (2m-2)/3: the numerator sum exceeds Int64, the reduced result does not.
        #expect(try rt(m, 3).adding(rt(m - 2, 3)) == rt(6_148_914_691_236_517_204))
        #expect(try rt(-m, 3).subtracting(rt(m - 2, 3)) == rt(-6_148_914_691_236_517_204))
        // Denominators 4097*2^40 and 4099*2^40 have an lcm beyond Int64, but the numerator
        // cancels 2^40, leaving 512/16793603.
        let a = rt(1, 4097 << 40)
        let b = rt(137_405_407_229, 4099 << 40)
        #expect(try a.adding(b) == rt(512, 16_793_603))
        #expect(a + b == rt(512, 16_793_603))
        #expect(try rt(.max).subtracting(rt(.max)) == .zero)
        #expect(try rt(-.max + 1).subtracting(rt(1)) == rt(-.max))
    }

    @Test func throwingAndTrappingAgreeOnSmallValues() throws {
        let values = [rt(1, 3), rt(-7, 4), rt(1001, 30_000), rt(0), rt(5), rt(-1, 48_000)]
        for x in values {
            for y in values {
                #expect(try x.adding(y) == x + y)
                #expect(try x.subtracting(y) == x - y)
                #expect(try x.multiplied(by: y) == x * y)
                #expect(try x.subtracting(y).adding(y) == x)
                if !y.isZero { #expect(try x.divided(by: y) == x / y) }
            }
        }
    }
}
