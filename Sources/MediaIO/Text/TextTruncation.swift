/// Cuts text that needs more lines than it may take, the way title tools do: the lines before the
/// last one allowed stay as they are, and the last one ends in an ellipsis "…" after as much of the
/// text as fits on it, down to a part of a word.
///
/// The cut falls between characters (grapheme clusters, so no accent or emoji is broken) and drops
/// the spaces before the ellipsis. The line breaker never starts a line with "…" (it is closing
/// punctuation), so the ellipsis stays with the characters before it.
enum TextTruncation {
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// - Parameters:
    ///   - paragraphs: the text's paragraphs, as laid out.
    ///   - layout: their layout at the size drawn, taking more than `maxLines` lines.
    ///   - lay: lays out paragraphs at that size.
    /// - Returns: the layout of the longest cut text that takes at most `maxLines` lines.
    static func truncate(
        _ paragraphs: [[Unicode.Scalar]], layout: TextLayout, maxLines: Int,
        lay: ([[Unicode.Scalar]]) throws(FileAccessError) -> TextLayout
    ) throws(FileAccessError) -> TextLayout {
        let last = layout.lines[maxLines - 1]
        let kept = Array(paragraphs[..<last.paragraph])
        let scalars = paragraphs[last.paragraph]
        let cuts = boundaries(scalars)
        func cut(at end: Int) -> [[Unicode.Scalar]] {
            var end = end
            while end > 0, LineBreaker.isSpace(scalars[end - 1].value) { end -= 1 }
            return kept + [Array(scalars[..<end]) + [ellipsis]]
        }
        // Cut at the start of the paragraph, the ellipsis takes one line after the kept paragraphs,
        // which end before the last line: it always fits. Longer cuts take as many lines or more,
        // so the longest that fits is found by bisection.
        var best = try lay(cut(at: 0))
        var low = 1
        var high = cuts.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = try lay(cut(at: cuts[middle]))
            if candidate.lines.count <= maxLines {
                best = candidate
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best
    }

    /// Scalar offsets where characters (grapheme clusters) start, and the end: 0 first.
    static func boundaries(_ scalars: [Unicode.Scalar]) -> [Int] {
        [0] + EmojiClusters.clusters(scalars).map(\.upperBound)
    }
}
