extension RationalTime {
    /// Reads a decimal number of seconds exactly from its text (`"2.5"`, `"-0.04"`, `"1.16"`,
    /// `"3e-2"`), never through binary floating point. Nil for anything that is not a plain
    /// decimal, whose significant digits do not fit in Int64, or whose exact value does not fit.
    public init?(decimalString text: String) {
        var s = Substring(text)
        var exponent: Int64 = 0
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            // The bound keeps `scale` below from overflowing (and `abs` would trap on Int64.min);
            // no plausible time is written with a larger exponent.
            guard let x = Int64(s[s.index(after: e)...]), x.magnitude <= 1_000_000 else { return nil }
            exponent = x
            s = s[..<e]
        }
        var negative = false
        if s.first == "-" {
            negative = true
            s = s.dropFirst()
        } else if s.first == "+" {
            s = s.dropFirst()
        }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !s.isEmpty, s != "." else { return nil }
        let whole = parts[0]
        let frac = parts.count == 2 ? parts[1] : ""
        guard whole.allSatisfy(\.isASCIIDigit), frac.allSatisfy(\.isASCIIDigit) else { return nil }
        // value = digits * 10^scale. Zeros at either end carry no value: dropping them keeps
        // "1.500000000000000000000" and "0.000000000000000000001e21" exact.
        var digits = Substring(whole + frac).drop { $0 == "0" }
        var scale = exponent - Int64(frac.count)
        while digits.last == "0" {
            digits = digits.dropLast()
            scale += 1
        }
        if digits.isEmpty {
            self = .zero
            return
        }
        guard var mantissa = Int64(digits) else { return nil }
        if negative { mantissa = -mantissa }
        guard let time = RationalTime.scaled(mantissa, byPowerOfTen: scale) else { return nil }
        self = time
    }

    /// `mantissa * 10^scale` in lowest terms, or nil when it does not fit.
    private static func scaled(_ mantissa: Int64, byPowerOfTen scale: Int64) -> RationalTime? {
        var num = mantissa
        if scale >= 0 {
            for _ in 0..<scale {
                let (n, o) = num.multipliedReportingOverflow(by: 10)
                if o { return nil }
                num = n
            }
            return num == .min ? nil : RationalTime(value: num, timescale: 1)
        }
        // Divide by 2^k * 5^k, cancelling the factors of 2 and 5 the mantissa has, so that values
        // like 5e-19 = 1/(2*10^18) fit even though 10^19 does not.
        var twos = -scale
        var fives = -scale
        while twos > 0, num % 2 == 0 {
            num /= 2
            twos -= 1
        }
        while fives > 0, num % 5 == 0 {
            num /= 5
            fives -= 1
        }
        var den: Int64 = 1
        for (factor, count) in [(Int64(2), twos), (Int64(5), fives)] {
            for _ in 0..<count {
                let (d, o) = den.multipliedReportingOverflow(by: factor)
                if o { return nil }
                den = d
            }
        }
        return RationalTime(value: num, timescale: den)
    }

    /// Reads the exact forms `"1001/30000s"` (a fraction of seconds), `"2.5s"` or `"2.5"` (decimal seconds).
    /// Frame counts (`"48f"`) and beats need a rate and belong to the caller that has one.
    public init?(exactString text: String) {
        var s = Substring(text)
        if s.hasSuffix("s") { s = s.dropLast() }
        if let slash = s.firstIndex(of: "/") {
            guard let n = Int64(s[..<slash]), let d = Int64(s[s.index(after: slash)...]), d > 0, n != .min else { return nil }
            self.init(value: n, timescale: d)
        } else {
            self.init(decimalString: String(s))
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
