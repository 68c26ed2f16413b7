/// The lines and blank-line-separated blocks of a subtitle file.
package enum CaptionLines {
    /// Lines split at LF, CRLF or CR (a lone CR ends a line in old Mac files), without their ends.
    package static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !afterCR { lines.append(String(current)) }
                current = String.UnicodeScalarView()
                afterCR = false
            } else if scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                afterCR = true
            } else {
                current.append(scalar)
                afterCR = false
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    /// Runs of lines that are not blank, as 1-based line numbers.
    package static func blocks(_ lines: [String]) -> [[Int]] {
        var blocks: [[Int]] = []
        var current: [Int] = []
        for (i, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { blocks.append(current) }
                current = []
            } else {
                current.append(i + 1)
            }
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }
}
