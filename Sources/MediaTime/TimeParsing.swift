extension RationalTime {
    /// Reads a decimal number of seconds exactly from its text (`"2.5"`, `"-0.04"`, `"1.16"`,
    /// `"3e-2"`), never through binary floating point. Nil for anything that is not a plain
    /// decimal or whose exact value does not fit.
    public init?(decimalString text: String) {
        var s = Substring(text)
        var exponent: Int64 = 0
        if let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let x = Int64(s[s.index(after: e)...]), abs(x) <= 18 else { return nil }
            exponent = x
            s = s[..<e]
        }
        var negative = false
        if s.first == "-" { negative = true; s = s.dropFirst() } else if s.first == "+" { s = s.dropFirst() }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !s.isEmpty, s != "." else { return nil }
        let whole = parts[0]
        let frac = parts.count == 2 ? parts[1] : ""
        guard whole.allSatisfy(\.isASCIIDigit), frac.allSatisfy(\.isASCIIDigit) else { return nil }
        // Trailing zeros of the fraction carry no value; dropping them keeps "1.500000000000000000000" exact.
        var fracDigits = Substring(frac)
        while fracDigits.last == "0" { fracDigits = fracDigits.dropLast() }
        let digits = (whole.isEmpty ? "0" : String(whole)) + fracDigits
        guard let mantissa = Int64(digits) else { return nil }
        var scaleExp = Int64(fracDigits.count) - exponent
        var num = mantissa
        var den: Int64 = 1
        while scaleExp > 0 {
            let (d, o) = den.multipliedReportingOverflow(by: 10)
            if o { return nil }
            den = d; scaleExp -= 1
        }
        while scaleExp < 0 {
            let (n, o) = num.multipliedReportingOverflow(by: 10)
            if o { return nil }
            num = n; scaleExp += 1
        }
        self.init(value: negative ? -num : num, timescale: den)
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
