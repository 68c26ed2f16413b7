/// A Range header field (RFC 9110 §14.2) read against a file's size.
///
/// Only a single range of the `bytes` unit is served as a part; anything the RFC lets a server ignore
/// (several ranges, another unit, a field that does not parse) is `.whole`, answered 200.
enum ByteRange: Equatable {
    /// Send the whole file (200).
    case whole
    /// Send `length` bytes from `offset` (206).
    case part(offset: Int64, length: Int64)
    /// No byte of the file is in the range (416).
    case unsatisfiable

    /// Reads `field` (the Range header's value, or nil when absent) for a file of `size` bytes.
    static func of(_ field: String?, size: Int64) -> ByteRange {
        guard let field else { return .whole }
        let text = field.trimmingWhitespace
        guard let equals = text.firstIndex(of: "="), text[..<equals].trimmingWhitespace.lowercased() == "bytes" else { return .whole }
        let specs = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        guard specs.count == 1 else { return .whole }
        let spec = specs[0].trimmingWhitespace
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let firstText = spec[..<dash]
        let lastText = spec[spec.index(after: dash)...]
        if firstText.isEmpty {
            // `-n`: the last n bytes.
            guard let suffix = digits(lastText) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            let length = min(suffix, size)
            return .part(offset: size - length, length: length)
        }
        guard let first = digits(firstText) else { return .whole }
        var last = size - 1
        if !lastText.isEmpty {
            guard let given = digits(lastText), given >= first else { return .whole }
            last = min(given, size - 1)
        }
        guard first < size else { return .unsatisfiable }
        return .part(offset: first, length: last - first + 1)
    }

    /// A run of ASCII digits as a count, saturating at `Int64.max` (a huge last position still means
    /// "to the end"); nil when empty or not all digits.
    private static func digits(_ text: Substring) -> Int64? {
        guard !text.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(byte - 0x30))
            value = overflowTimes || overflowSum ? Int64.max : sum
        }
        return value
    }
}

extension StringProtocol {
    /// Without the spaces and tabs HTTP allows around values (OWS).
    var trimmingWhitespace: Substring {
        let s = self[...]
        let start = s.firstIndex { $0 != " " && $0 != "\t" } ?? s.endIndex
        let end = s.lastIndex { $0 != " " && $0 != "\t" }.map { s.index(after: $0) } ?? start
        return Substring(s[start..<Swift.max(start, end)])
    }
}
