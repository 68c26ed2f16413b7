/// An exact point or length in time: an integer count of ticks over an integer timescale.
///
/// Media time is never accumulated in floating point: 1001/30000 s stays exactly that however many
/// frames are added up. Values are kept normalized (timescale positive, fraction in lowest terms),
/// so equal times compare equal and hash alike whatever timescale they were made with.
/// Arithmetic traps on overflow like Swift's integers; the `throwing` variants report it instead.
public struct RationalTime: Sendable, Hashable {
    /// Ticks; negative for times before zero. Never `Int64.min`, so negation cannot overflow.
    package let value: Int64
    /// Ticks per second; always positive.
    package let timescale: Int64

    /// Makes `value / timescale` seconds, normalized. `timescale` must not be zero.
    public init(value: Int64, timescale: Int64) {
        precondition(timescale != 0, "RationalTime: timescale must not be zero")
        precondition(value != .min && timescale != .min, "RationalTime: value out of range")
        let g = gcd(value, timescale)
        var v = value / g
        var t = timescale / g
        if t < 0 {
            v = -v
            t = -t
        }
        self.value = v
        self.timescale = t
    }

    /// Whole seconds.
    public init(seconds: Int64) {
        self.init(value: seconds, timescale: 1)
    }

    /// The start of every timeline and the empty length; stored as 0/1 like any normalized zero.
    public static let zero = RationalTime(value: 0, timescale: 1)

    /// Seconds as a `Double`, for display and progress only: never compute with it.
    package var seconds: Double { Double(value) / Double(timescale) }

    /// Before zero: readers and rules use it to refuse a negative start, length or keyframe time.
    package var isNegative: Bool { value < 0 }
    /// Exactly zero, whatever timescale the time was made with (values are normalized).
    package var isZero: Bool { value == 0 }
    /// Strictly after zero, as a speed, a step or a length that must advance has to be.
    package var isPositive: Bool { value > 0 }

    /// This time counted in ticks of `timescale` per second, rounded by `rule` when it is not a whole
    /// number of them (for example a frame or sample index). Traps when the result does not fit.
    package func ticks(timescale target: Int64, rounding rule: FloatingPointRoundingRule) -> Int64 {
        precondition(target > 0, "RationalTime: target timescale must be positive")
        // value * target / timescale, exactly, in 128 bits.
        let product = value.multipliedFullWidth(by: target)
        let wide = WideInt(high: product.high, low: product.low)
        guard let q = wide.divided(by: timescale, rounding: rule) else {
            preconditionFailure("RationalTime: \(self) in timescale \(target) overflows Int64")
        }
        return q
    }

    /// The same time on a grid of `timescale` ticks per second, rounded by `rule`.
    package func rounded(toTimescale target: Int64, rule: FloatingPointRoundingRule) -> RationalTime {
        RationalTime(value: ticks(timescale: target, rounding: rule), timescale: target)
    }
}

extension RationalTime: Comparable {
    public static func < (lhs: RationalTime, rhs: RationalTime) -> Bool {
        // Compare value1 * t2 with value2 * t1 in 128 bits: never overflows.
        let a = lhs.value.multipliedFullWidth(by: rhs.timescale)
        let b = rhs.value.multipliedFullWidth(by: lhs.timescale)
        return (a.high, a.low) < (b.high, b.low)
    }
}

extension RationalTime: CustomStringConvertible {
    /// `3/2s`, or `2s` for whole seconds: the same notation the exact time parser accepts.
    public var description: String {
        timescale == 1 ? "\(value)s" : "\(value)/\(timescale)s"
    }
}

/// Raised by the throwing arithmetic when a result does not fit in 64-bit ticks.
package struct TimeOverflowError: Error, Sendable, CustomStringConvertible {
    /// The expression that overflowed, written with its operands, for the message.
    package let operation: String
    package var description: String { "time arithmetic overflow in \(operation)" }
}

extension RationalTime {
    /// `lhs + rhs`, or nil when the exact result does not fit.
    package func addingReportingOverflow(_ other: RationalTime) -> RationalTime? {
        combine(other, subtract: false)
    }

    /// `self + other`, throwing instead of trapping when the exact sum does not fit: for sums of untrusted times.
    package func adding(_ other: RationalTime) throws(TimeOverflowError) -> RationalTime {
        guard let r = combine(other, subtract: false) else { throw TimeOverflowError(operation: "\(self) + \(other)") }
        return r
    }

    /// `self - other`, throwing instead of trapping when the exact difference does not fit.
    package func subtracting(_ other: RationalTime) throws(TimeOverflowError) -> RationalTime {
        guard let r = combine(other, subtract: true) else { throw TimeOverflowError(operation: "\(self) - \(other)") }
        return r
    }

    /// `self * factor` (a speed, a ratio), throwing instead of trapping when the exact product does not fit.
    package func multiplied(by factor: RationalTime) throws(TimeOverflowError) -> RationalTime {
        guard let r = multiply(factor) else { throw TimeOverflowError(operation: "\(self) * \(factor)") }
        return r
    }

    /// `self / divisor` for a nonzero divisor, reporting overflow instead of trapping: for ratios
    /// built from untrusted input, such as a speed computed from two durations.
    package func divided(by divisor: RationalTime) throws(TimeOverflowError) -> RationalTime {
        precondition(divisor.value != 0, "RationalTime: division by zero")
        let reciprocal = RationalTime(value: divisor.timescale, timescale: divisor.value)
        guard let r = multiply(reciprocal) else { throw TimeOverflowError(operation: "\(self) / \(divisor)") }
        return r
    }

    /// Exact sum; traps on overflow, so only for times already known to be in range (use `adding` otherwise).
    package static func + (lhs: RationalTime, rhs: RationalTime) -> RationalTime {
        guard let r = lhs.combine(rhs, subtract: false) else { preconditionFailure("RationalTime: overflow in \(lhs) + \(rhs)") }
        return r
    }

    /// Exact difference; traps on overflow, so only for times already known to be in range (use `subtracting` otherwise).
    package static func - (lhs: RationalTime, rhs: RationalTime) -> RationalTime {
        guard let r = lhs.combine(rhs, subtract: true) else { preconditionFailure("RationalTime: overflow in \(lhs) - \(rhs)") }
        return r
    }

    package static prefix func - (time: RationalTime) -> RationalTime {
        RationalTime(value: -time.value, timescale: time.timescale)
    }

    /// Exact in-place sum; traps on overflow like `+`.
    package static func += (lhs: inout RationalTime, rhs: RationalTime) { lhs = lhs + rhs }
    /// Exact in-place difference; traps on overflow like `-`.
    package static func -= (lhs: inout RationalTime, rhs: RationalTime) { lhs = lhs - rhs }

    /// Scales a time by an exact factor (a speed, a count of frames as `n/1`).
    package static func * (lhs: RationalTime, rhs: RationalTime) -> RationalTime {
        guard let r = lhs.multiply(rhs) else { preconditionFailure("RationalTime: overflow in \(lhs) * \(rhs)") }
        return r
    }

    /// Scales by a whole count, such as a number of frames or beats; traps on overflow.
    package static func * (lhs: RationalTime, rhs: Int64) -> RationalTime {
        lhs * RationalTime(value: rhs, timescale: 1)
    }

    /// Divides by an exact nonzero factor.
    package static func / (lhs: RationalTime, rhs: RationalTime) -> RationalTime {
        precondition(rhs.value != 0, "RationalTime: division by zero")
        return lhs * RationalTime(value: rhs.timescale, timescale: rhs.value)
    }

    /// Divides by a whole nonzero count, such as halving a length to find its middle; exact, never rounded.
    package static func / (lhs: RationalTime, rhs: Int64) -> RationalTime {
        lhs / RationalTime(value: rhs, timescale: 1)
    }

    /// This time held within `[lower, upper]` (both inclusive), e.g. a preview time kept inside the timeline.
    package func clamped(to lower: RationalTime, _ upper: RationalTime) -> RationalTime {
        Swift.min(Swift.max(self, lower), upper)
    }

    private func combine(_ other: RationalTime, subtract: Bool) -> RationalTime? {
        // a/b ± c/d with g = gcd(b, d): the numerator a*(d/g) ± c*(b/g) is formed in 128 bits and
        // shares no factor with b/g or d/g, so only g2 = gcd(numerator, g) cancels and the result is
        // (numerator/g2) / ((b/g) * (d/g2)), already in lowest terms. Nil exactly when that does not fit.
        let g = gcd(timescale, other.timescale)
        let c = subtract ? -other.value : other.value  // never Int64.min, so negation is safe
        let numerator = WideInt(value, times: other.timescale / g).adding(WideInt(c, times: timescale / g))
        let g2 = gcd(numerator.magnitudeRemainder(dividingBy: g), g)
        guard let v = numerator.divided(by: g2, rounding: .towardZero), v != .min else { return nil }
        let (t, o) = (timescale / g).multipliedReportingOverflow(by: other.timescale / g2)
        if o { return nil }
        return RationalTime(value: v, timescale: t)
    }

    private func multiply(_ other: RationalTime) -> RationalTime? {
        // Cross-reduce first so that exact products that fit are not reported as overflow.
        let g1 = gcd(value, other.timescale)
        let g2 = gcd(other.value, timescale)
        let (n, o1) = (value / g1).multipliedReportingOverflow(by: other.value / g2)
        let (d, o2) = (timescale / g2).multipliedReportingOverflow(by: other.timescale / g1)
        if o1 || o2 || n == .min { return nil }
        return RationalTime(value: n, timescale: d)
    }
}

/// Greatest common divisor, always positive (1 for gcd(0, 0) so division by it is safe).
@inline(__always)
func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var x = a.magnitude
    var y = b.magnitude
    while y != 0 { (x, y) = (y, x % y) }
    return x == 0 ? 1 : Int64(x)
}

extension RationalTime {
    /// `self - other`, or nil when it does not fit.
    package func subtractingReportingOverflow(_ other: RationalTime) -> RationalTime? {
        try? subtracting(other)
    }
}
