import Testing

@testable import MediaTime

@Suite struct WideIntTests {
    private func quotient(_ n: Int64, _ d: Int64, _ rule: FloatingPointRoundingRule) -> Int64? {
        WideInt(n, times: 1).divided(by: d, rounding: rule)
    }

    @Test func positiveHalfway() {
        // 7/2 = 3.5
        #expect(quotient(7, 2, .down) == 3)
        #expect(quotient(7, 2, .up) == 4)
        #expect(quotient(7, 2, .towardZero) == 3)
        #expect(quotient(7, 2, .awayFromZero) == 4)
        #expect(quotient(7, 2, .toNearestOrAwayFromZero) == 4)
        #expect(quotient(7, 2, .toNearestOrEven) == 4)
        // 5/2 = 2.5: ties to even go down here
        #expect(quotient(5, 2, .toNearestOrEven) == 2)
        #expect(quotient(5, 2, .toNearestOrAwayFromZero) == 3)
    }

    @Test func negativeHalfway() {
        // -7/2 = -3.5
        #expect(quotient(-7, 2, .down) == -4)
        #expect(quotient(-7, 2, .up) == -3)
        #expect(quotient(-7, 2, .towardZero) == -3)
        #expect(quotient(-7, 2, .awayFromZero) == -4)
        #expect(quotient(-7, 2, .toNearestOrAwayFromZero) == -4)
        #expect(quotient(-7, 2, .toNearestOrEven) == -4)
        // -5/2 = -2.5
        #expect(quotient(-5, 2, .toNearestOrEven) == -2)
        #expect(quotient(-5, 2, .toNearestOrAwayFromZero) == -3)
        // The sign may come from the divisor.
        #expect(quotient(7, -2, .down) == -4)
        #expect(quotient(-7, -2, .down) == 3)
    }

    @Test func notHalfway() {
        #expect(quotient(12, 5, .toNearestOrEven) == 2)  // 2.4
        #expect(quotient(13, 5, .toNearestOrEven) == 3)  // 2.6
        #expect(quotient(-12, 5, .toNearestOrAwayFromZero) == -2)
        #expect(quotient(-13, 5, .toNearestOrAwayFromZero) == -3)
        #expect(quotient(1, 3, .up) == 1)
        #expect(quotient(-1, 3, .up) == 0)
        #expect(quotient(-1, 3, .down) == -1)
    }

    @Test func exactQuotientsIgnoreTheRule() {
        for rule in allRoundingRules {
            #expect(quotient(6, 2, rule) == 3)
            #expect(quotient(-6, 2, rule) == -3)
            #expect(quotient(0, 5, rule) == 0)
        }
    }

    @Test(arguments: allRoundingRules)
    func matchesFloatingPointRoundingOnSmallValues(rule: FloatingPointRoundingRule) {
        // Small quotients and their ties are exact in Double, so Double's rounding is a reference.
        for n in Int64(-40)...40 {
            for d in Int64(-9)...9 where d != 0 {
                let expected = Int64((Double(n) / Double(d)).rounded(rule))
                #expect(quotient(n, d, rule) == expected, "\(n)/\(d)")
            }
        }
    }

    @Test func fullWidthProducts() {
        let m = Int64.max
        #expect(WideInt(m, times: m).divided(by: m, rounding: .down) == m)
        #expect(WideInt(-m, times: m).divided(by: m, rounding: .down) == -m)
        #expect(WideInt(m, times: 2).divided(by: 1, rounding: .down) == nil)
        #expect(WideInt(m, times: 2).divided(by: 2, rounding: .down) == m)
        #expect(WideInt(.min, times: 1).divided(by: 1, rounding: .down) == .min)
        #expect(WideInt(.min, times: -1).divided(by: 1, rounding: .down) == nil)
        #expect(WideInt(m, times: 1).divided(by: 1, rounding: .up) == m)
        // m/2 = 4611686018427387903.5: rounding away from zero still fits.
        #expect(WideInt(m, times: 1).divided(by: 2, rounding: .up) == 1 << 62)
    }

    @Test func divisorsWiderThan64Bits() {
        let m = Int64.max
        #expect(WideInt(m, times: m).divided(by: m, times: m, rounding: .down) == 1)
        #expect(WideInt(-m, times: m).divided(by: m, times: m, rounding: .down) == -1)
        // (m * (m-1)) / (m * m) is just below 1.
        let below = WideInt(m, times: m - 1)
        #expect(below.divided(by: m, times: m, rounding: .down) == 0)
        #expect(below.divided(by: m, times: m, rounding: .up) == 1)
        #expect(below.divided(by: m, times: m, rounding: .toNearestOrEven) == 1)
        #expect(below.divided(by: -m, times: m, rounding: .down) == -1)
        // Ties with a divisor wider than 64 bits: 3m / 2m = 1.5, 5m / 2m = 2.5.
        #expect(WideInt(m, times: 3).divided(by: m, times: 2, rounding: .toNearestOrEven) == 2)
        #expect(WideInt(m, times: 5).divided(by: m, times: 2, rounding: .toNearestOrEven) == 2)
        #expect(WideInt(m, times: 5).divided(by: m, times: 2, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(WideInt(m, times: 3).divided(by: 3, times: 1, rounding: .down) == m)
    }

    @Test func addingAndRemainder() {
        let m = Int64.max
        let sum = WideInt(m, times: m).adding(WideInt(m, times: m))
        #expect(sum.divided(by: m, times: m, rounding: .down) == 2)
        let zero = WideInt(m, times: m).adding(WideInt(-m, times: m))
        #expect(zero.high == 0 && zero.low == 0)
        #expect(WideInt(-7, times: 1).magnitudeRemainder(dividingBy: 3) == 1)
        #expect(WideInt(m, times: m).magnitudeRemainder(dividingBy: m) == 0)
        #expect(WideInt(m, times: m).adding(WideInt(5, times: 1)).magnitudeRemainder(dividingBy: m) == 5)
        #expect(WideInt(-1, times: 1).adding(WideInt(1, times: 1)).isNegative == false)
    }
}
