/// Why a `.cube` file is not a 3D LUT Reel reads, and on which line.
package struct CubeLUTError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the problem; nil when it concerns the whole file (too few rows).
    package let line: Int?
    package let message: String

    package init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 12: expected three numbers, found 2`.
    package var description: String {
        line.map { "line \($0): \(message)" } ?? message
    }
}
