// Numbers rounded for people to read in summaries and notes, not for documents (those use `JSONNumber`).

/// `120.2`: one decimal, the same in every locale.
package func oneDecimal(_ x: Double) -> String {
    let n = Int((x * 10).rounded())
    return "\(n / 10).\(abs(n % 10))"
}

/// `0.93`: a fraction with two decimals, the same in every locale.
package func twoDecimals(_ x: Double) -> String {
    let n = Int((x * 100).rounded())
    return "\(n / 100).\(n % 100 < 10 ? "0" : "")\(n % 100)"
}
