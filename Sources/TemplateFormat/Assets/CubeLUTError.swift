/// Why a `.cube` file is not a 3D LUT Reel reads, and on which line.
package struct CubeLUTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the problem; nil when it concerns the whole file (too few rows).
    package let line: Int?
    /// What is wrong, in words that follow `line N:`.
    package let message: String

    /// `line` nil for a fault of the whole file (too few rows, a domain out of order).
    package init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 12: expected three numbers, found 2`.
    package var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}
