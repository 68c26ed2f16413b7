/// A place in a text file: byte offset, and the 1-based line and column people look for.
///
/// Columns count Unicode scalars from the start of the line, so a key after `"é"` is where an
/// editor shows it.
public struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    /// Bytes of UTF-8 before the position, from the start of the text.
    package let offset: Int
    /// 1-based line: lines end at each `\n`.
    package let line: Int
    /// 1-based column, in Unicode scalars from the line's start (not bytes, not grapheme clusters).
    package let column: Int

    /// The caller keeps the three consistent; `LineTable` is the usual maker.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// Turns byte offsets into lines and columns; built once per text.
package struct LineTable: Sendable, Hashable {
    private let bytes: [UInt8]
    /// Offset of the first byte of each line.
    private let lineStarts: [Int]

    /// Indexes the line starts of `bytes` once, so each lookup is a binary search.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0a { starts.append(i + 1) }
        self.lineStarts = starts
    }

    /// The position of byte `offset` (clamped to the text; the end of the text is a valid place).
    package func position(ofOffset offset: Int) -> TextPosition {
        let offset = min(max(0, offset), bytes.count)
        // Last line start <= offset.
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = lineStarts[lo]
        // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
        var column = 1
        var i = start
        while i < offset {
            if bytes[i] & 0xc0 != 0x80 { column += 1 }
            i += 1
        }
        return TextPosition(offset: offset, line: lo + 1, column: column)
    }
}
