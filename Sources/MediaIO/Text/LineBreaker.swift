/// Where lines may break, and the greedy choice of breaks for a maximum width.
///
/// Lines break after spaces, after a hyphen between letters, and around ideographs (Chinese and
/// Japanese use no spaces), except before closing and after opening punctuation. A word wider
/// than the whole line is broken between characters (grapheme clusters as shaped), so nothing is
/// lost off the edge.
enum LineBreaker {
    /// Lines of a paragraph as ranges of scalars, trailing spaces removed.
    /// - Parameters:
    ///   - advances: per scalar, the advance of the cluster starting there (26.6), 0 inside clusters.
    ///   - clusterStarts: true where a shaped cluster starts; lines break only there.
    static func lines(_ scalars: [UInt32], advances: [Int], clusterStarts: [Bool], maxWidth: Int?) -> [Range<Int>] {
        var forced = false
        return lines(scalars, advances: advances, clusterStarts: clusterStarts, maxWidth: maxWidth, forcedBreak: &forced)
    }

    /// As `lines`, also saying whether a word had to be broken between characters (shrink-to-fit
    /// takes that as not fitting, so a long word is made smaller before it is split).
    static func lines(_ scalars: [UInt32], advances: [Int], clusterStarts: [Bool], maxWidth: Int?, forcedBreak: inout Bool) -> [Range<Int>] {
        let end = scalars.count
        guard end > 0 else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < end {
            var width = 0  // up to i, trailing spaces included
            var lastBreak: Int?
            var i = start
            var lineEnd = end
            while i < end {
                var next = i + 1
                while next < end, !clusterStarts[next] { next += 1 }
                if i > start, canBreak(before: i, scalars) { lastBreak = i }
                let clusterWidth = advances[i..<next].reduce(0, +)
                if let maxWidth, !isSpace(scalars[i]), i > start, width + clusterWidth > maxWidth {
                    if lastBreak == nil { forcedBreak = true }
                    lineEnd = lastBreak ?? i
                    break
                }
                width += clusterWidth
                i = next
            }
            lines.append(start..<trimmedEnd(start, lineEnd, scalars))
            start = lineEnd
            if start < end, lineEnd != end {
                while start < end, isSpace(scalars[start]) { start += 1 }
            }
        }
        return lines
    }

    private static func trimmedEnd(_ start: Int, _ end: Int, _ scalars: [UInt32]) -> Int {
        var e = end
        while e > start, isSpace(scalars[e - 1]) { e -= 1 }
        return e
    }

    /// True when a line may start at `i`, the previous line ending at `i - 1`.
    static func canBreak(before i: Int, _ s: [UInt32]) -> Bool {
        let a = s[i - 1]
        let b = s[i]
        if isSpace(b) { return false }
        if isSpace(a) { return true }
        if a == 0x2D, i >= 2, isLetter(s[i - 2]), isLetter(b) { return true }
        if noBreakBefore(b) || noBreakAfter(a) { return false }
        return isIdeographic(a) || isIdeographic(b)
    }

    static func isSpace(_ s: UInt32) -> Bool {
        s == 0x20 || s == 0x09 || s == 0x3000 || s == 0x1680 || (0x2000...0x200A).contains(s) || s == 0x205F
    }

    private static func isLetter(_ s: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(s) else { return false }
        return scalar.properties.isAlphabetic
    }

    /// Han, kana, Hangul, CJK punctuation and full-width forms.
    static func isIdeographic(_ s: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(s) || (0xAC00...0xD7AF).contains(s) || (0xF900...0xFAFF).contains(s)
            || (0xFE30...0xFE4F).contains(s) || (0xFF00...0xFFEF).contains(s) || (0x20000...0x3FFFF).contains(s)
    }

    /// Closing punctuation, small kana and marks that may not start a line (kinsoku).
    private static let closing: Set<UInt32> = Set("、。，．：；？！）」』】〕〉》〙〗｝］…‥ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・,.:;?!)]}%".unicodeScalars.map(\.value))
    /// Opening punctuation that may not end a line.
    private static let opening: Set<UInt32> = Set("（「『【〔〈《〘〖｛［([{".unicodeScalars.map(\.value))

    private static func noBreakBefore(_ s: UInt32) -> Bool { closing.contains(s) }
    private static func noBreakAfter(_ s: UInt32) -> Bool { opening.contains(s) }
}
