/// A 3D colour lookup table read from an Adobe/Resolve `.cube` file.
///
/// Shared by the validator (a template's LUT must parse) and the renderer (which applies it). The
/// reader follows the Cube LUT Specification 1.0: `TITLE "..."`, `LUT_3D_SIZE N` (2...256),
/// optional `DOMAIN_MIN r g b` / `DOMAIN_MAX r g b` (default 0 0 0 and 1 1 1, each min below its
/// max), `#` comments and blank lines anywhere, then exactly N³ rows of three numbers with red
/// changing fastest. 1D LUTs (`LUT_1D_SIZE`) and unknown keywords are errors: a LUT that is read
/// only in part would silently give the wrong colours.
package struct CubeLUT: Sendable, Hashable {
    static let sizeLimits = 2...256

    /// The `TITLE` line's text, quotes removed; kept for tools, it never changes the colours.
    package var title: String?
    /// Entries per axis.
    package var size: Int
    /// Input value mapped to the first lattice point, per channel (r, g, b); 0 0 0 unless `DOMAIN_MIN` says otherwise.
    package var domainMin: [Double]
    /// Input value mapped to the last lattice point, per channel; above `domainMin` in each, 1 1 1 by default.
    package var domainMax: [Double]
    /// `size³` rows of red, green, blue, flattened, red index fastest: row `r + g*N + b*N*N`.
    package var values: [Float]

    /// The output colour stored for lattice point (r, g, b).
    package func entry(r: Int, g: Int, b: Int) -> (Float, Float, Float) {
        let i = 3 * (r + g * size + b * size * size)
        return (values[i], values[i + 1], values[i + 2])
    }

    /// Parses the text of a `.cube` file.
    package static func parse(_ text: String) throws(CubeLUTError) -> CubeLUT {
        var reader = CubeLUTReader()
        var lineNumber = 0
        // "\r\n" is one Character in Swift: split on every kind of line end.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            try reader.read(line: rawLine, number: lineNumber)
        }
        return try reader.finish()
    }
}

/// The state of reading a `.cube` file line by line.
private struct CubeLUTReader {
    var title: String?
    var size: Int?
    var domainMin: [Double]?
    var domainMax: [Double]?
    var values: [Float] = []
    var expectedValues = 0

    mutating func read(line rawLine: Substring, number: Int) throws(CubeLUTError) {
        var line = rawLine
        if line.last == "\r" { line = line.dropLast() }
        if let hash = line.firstIndex(of: "#"), !line.hasPrefix("TITLE") { line = line[..<hash] }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let keyword = words.first else { return }
        func fail(_ message: String) -> CubeLUTError { CubeLUTError(line: number, message: message) }

        if let first = keyword.first, first.isNumber || first == "-" || first == "+" || first == "." {
            guard let size else { throw fail("a table row before LUT_3D_SIZE") }
            guard words.count == 3 else { throw fail("expected three numbers (red green blue), found \(words.count) values") }
            guard values.count < expectedValues else { throw fail("more than \(size)³ = \(expectedValues / 3) rows") }
            for word in words {
                guard let v = Float(word), v.isFinite else { throw fail("'\(word)' is not a number") }
                values.append(v)
            }
            return
        }
        guard values.isEmpty else { throw fail("'\(keyword)' after the table rows began; keywords come first") }
        switch keyword {
        case "TITLE":
            guard title == nil else { throw fail("TITLE given twice") }
            let rest = line.dropFirst("TITLE".count).trimmingCharacters(in: " \t")
            guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else { throw fail("TITLE must be followed by text in double quotes") }
            title = String(rest.dropFirst().dropLast())
        case "LUT_3D_SIZE":
            guard size == nil else { throw fail("LUT_3D_SIZE given twice") }
            guard words.count == 2, let n = Int(words[1]) else { throw fail("LUT_3D_SIZE needs one whole number") }
            guard CubeLUT.sizeLimits.contains(n) else {
                throw fail("LUT_3D_SIZE \(n) is outside \(CubeLUT.sizeLimits.lowerBound)...\(CubeLUT.sizeLimits.upperBound)")
            }
            size = n
            expectedValues = 3 * n * n * n
            values.reserveCapacity(expectedValues)
        case "DOMAIN_MIN", "DOMAIN_MAX":
            let isMin = keyword == "DOMAIN_MIN"
            guard (isMin ? domainMin : domainMax) == nil else { throw fail("\(keyword) given twice") }
            let numbers = words.dropFirst().compactMap { Double($0) }.filter(\.isFinite)
            guard words.count == 4, numbers.count == 3 else { throw fail("\(keyword) needs three numbers") }
            if isMin { domainMin = numbers } else { domainMax = numbers }
        case "LUT_1D_SIZE", "LUT_1D_INPUT_RANGE":
            throw fail("\(keyword): 1D LUTs are not supported; use a 3D LUT (LUT_3D_SIZE)")
        case "LUT_3D_INPUT_RANGE":
            // Resolve's older spelling of the domain: one minimum and one maximum for all channels.
            guard words.count == 3, let lo = Double(words[1]), let hi = Double(words[2]), lo.isFinite, hi.isFinite else {
                throw fail("LUT_3D_INPUT_RANGE needs two numbers")
            }
            guard domainMin == nil, domainMax == nil else { throw fail("LUT_3D_INPUT_RANGE given with DOMAIN_MIN or DOMAIN_MAX") }
            domainMin = [lo, lo, lo]
            domainMax = [hi, hi, hi]
        default:
            throw fail("unknown keyword '\(keyword)'")
        }
    }

    func finish() throws(CubeLUTError) -> CubeLUT {
        guard let size else { throw CubeLUTError(line: nil, message: "no LUT_3D_SIZE line") }
        guard values.count == expectedValues else {
            throw CubeLUTError(line: nil, message: "\(values.count / 3) table rows; LUT_3D_SIZE \(size) needs \(expectedValues / 3)")
        }
        let low = domainMin ?? [0, 0, 0]
        let high = domainMax ?? [1, 1, 1]
        for c in 0..<3 where !(low[c] < high[c]) {
            throw CubeLUTError(line: nil, message: "DOMAIN_MIN must be below DOMAIN_MAX in every channel")
        }
        return CubeLUT(title: title, size: size, domainMin: low, domainMax: high, values: values)
    }
}

extension Substring {
    /// The substring without the leading and trailing characters found in `set`; Foundation-free, as the LUT reader is.
    package func trimmingCharacters(in set: String) -> Substring {
        let start = firstIndex(where: { !set.contains($0) }) ?? endIndex
        let end = lastIndex(where: { !set.contains($0) }).map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
