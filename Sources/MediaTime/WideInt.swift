/// A signed 128-bit intermediate for exact `a * b / c` with a named rounding rule.
struct WideInt {
    var high: Int64
    var low: UInt64

    /// Divides by a nonzero 64-bit divisor, rounding by `rule`; nil when the quotient does not fit in Int64.
    func divided(by divisor: Int64, rounding rule: FloatingPointRoundingRule) -> Int64? {
        precondition(divisor != 0)
        let negative = (high < 0) != (divisor < 0)
        let mag = magnitude()
        let d = divisor.magnitude
        // Long division of the 128-bit magnitude by a 64-bit divisor.
        guard mag.high < d else { return nil }
        let (q, r) = d.dividingFullWidth((mag.high, mag.low))
        var quotient = q  // magnitude, truncated toward zero
        if r != 0 {
            let twice = r.multipliedFullWidth(by: 2)
            let cmpHalf: Int  // sign of (2r - d)
            if twice.high > 0 { cmpHalf = 1 } else if twice.low > d { cmpHalf = 1 } else if twice.low == d { cmpHalf = 0 } else { cmpHalf = -1 }
            let bump: Bool
            switch rule {
            case .towardZero: bump = false
            case .awayFromZero: bump = true
            case .down: bump = negative
            case .up: bump = !negative
            case .toNearestOrAwayFromZero: bump = cmpHalf >= 0
            case .toNearestOrEven: bump = cmpHalf > 0 || (cmpHalf == 0 && quotient & 1 == 1)
            @unknown default: bump = false
            }
            if bump {
                let (n, o) = quotient.addingReportingOverflow(1)
                if o { return nil }
                quotient = n
            }
        }
        if negative {
            guard quotient <= UInt64(Int64.max) else { return nil }
            return -Int64(quotient)
        }
        guard quotient <= UInt64(Int64.max) else { return nil }
        return Int64(quotient)
    }

    private func magnitude() -> (high: UInt64, low: UInt64) {
        if high >= 0 { return (UInt64(high), low) }
        // Two's complement negate.
        let lowNeg = ~low &+ 1
        let highNeg = ~UInt64(bitPattern: high) &+ (lowNeg == 0 ? 1 : 0)
        return (highNeg, lowNeg)
    }
}
