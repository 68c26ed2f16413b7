/// A signed 128-bit intermediate for exact `a * b / c` with a named rounding rule.
///
/// Wide enough for the product of two `Int64` values and the sum of two such products; callers
/// keep to that, so nothing here overflows 128 bits.
struct WideInt {
    var high: Int64
    var low: UInt64

    init(high: Int64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The exact product `a * b`.
    init(_ a: Int64, times b: Int64) {
        let p = a.multipliedFullWidth(by: b)
        self.init(high: p.high, low: p.low)
    }

    var isNegative: Bool { high < 0 }

    /// `self + other`; exact when both are products of two `Int64` values.
    func adding(_ other: WideInt) -> WideInt {
        let (l, carry) = low.addingReportingOverflow(other.low)
        return WideInt(high: high &+ other.high &+ (carry ? 1 : 0), low: l)
    }

    /// Divides by a nonzero 64-bit divisor, rounding by `rule`; nil when the quotient does not fit in Int64.
    func divided(by divisor: Int64, rounding rule: FloatingPointRoundingRule) -> Int64? {
        divided(by: divisor, times: 1, rounding: rule)
    }

    /// Divides by the product `a * b` of two nonzero factors, which may itself need more than 64 bits,
    /// rounding by `rule`; nil when the quotient does not fit in Int64.
    func divided(by a: Int64, times b: Int64, rounding rule: FloatingPointRoundingRule) -> Int64? {
        precondition(a != 0 && b != 0, "WideInt: division by zero")
        let negative = isNegative != ((a < 0) != (b < 0))
        let (q1, r1) = WideInt.divide(magnitude(), by: a.magnitude)
        let (q, r2) = WideInt.divide(q1, by: b.magnitude)
        // self = a*b*q + (a*r2 + r1) in magnitude, with 0 <= a*r2 + r1 < a*b.
        let rest = a.magnitude.multipliedFullWidth(by: r2)
        let (restLow, carry) = rest.low.addingReportingOverflow(r1)
        let remainder = (high: rest.high &+ (carry ? 1 : 0), low: restLow)
        guard q.high == 0 else { return nil }
        var quotient = q.low
        if remainder != (0, 0) {
            let whole = a.magnitude.multipliedFullWidth(by: b.magnitude)
            let twice = (high: remainder.high << 1 | remainder.low >> 63, low: remainder.low << 1)
            let cmpHalf = twice < whole ? -1 : (twice == whole ? 0 : 1)  // sign of (2r - divisor)
            if WideInt.roundsAway(negative: negative, odd: quotient & 1 == 1, cmpHalf: cmpHalf, rule: rule) {
                let (n, o) = quotient.addingReportingOverflow(1)
                if o { return nil }
                quotient = n
            }
        }
        if negative {
            guard quotient <= Int64.min.magnitude else { return nil }
            return quotient == Int64.min.magnitude ? .min : -Int64(quotient)
        }
        guard quotient <= UInt64(Int64.max) else { return nil }
        return Int64(quotient)
    }

    /// `|self| mod m` for a nonzero `m`.
    func magnitudeRemainder(dividingBy m: Int64) -> Int64 {
        precondition(m != 0, "WideInt: division by zero")
        return Int64(WideInt.divide(magnitude(), by: m.magnitude).remainder)
    }

    /// Whether a truncated magnitude moves one step away from zero under `rule`.
    private static func roundsAway(negative: Bool, odd: Bool, cmpHalf: Int, rule: FloatingPointRoundingRule) -> Bool {
        switch rule {
        case .towardZero: return false
        case .awayFromZero: return true
        case .down: return negative
        case .up: return !negative
        case .toNearestOrAwayFromZero: return cmpHalf >= 0
        case .toNearestOrEven: return cmpHalf > 0 || (cmpHalf == 0 && odd)
        @unknown default: return cmpHalf >= 0
        }
    }

    /// 128-bit by 64-bit unsigned long division, with a full 128-bit quotient.
    private static func divide(_ n: (high: UInt64, low: UInt64), by d: UInt64)
        -> (quotient: (high: UInt64, low: UInt64), remainder: UInt64)
    {
        let (qh, rh) = n.high.quotientAndRemainder(dividingBy: d)
        let (ql, r) = d.dividingFullWidth((rh, n.low))
        return ((qh, ql), r)
    }

    private func magnitude() -> (high: UInt64, low: UInt64) {
        if high >= 0 { return (UInt64(high), low) }
        // Two's complement negate.
        let lowNeg = ~low &+ 1
        let highNeg = ~UInt64(bitPattern: high) &+ (lowNeg == 0 ? 1 : 0)
        return (highNeg, lowNeg)
    }
}
