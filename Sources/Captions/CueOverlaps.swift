import DocumentJSON
import MediaTime

/// Puts cues in time order and removes their overlaps, then times their words.
///
/// Captions take one place on screen, so at most one cue shows at a time:
/// ```
///  cue A  [────────────)            A ends where B begins (C005):
///  cue B        [──────────)   ──▸  [─────)[──────────)
///  cue C  [───)  (same start as D)  C and D show as one cue, C's words first
///  cue D  [──────)
/// ```
/// Word times are found after, within the cue's final range.
package enum CueOverlaps {
    /// The cues of `raw` in time order without overlaps and with their words timed; every cut or merge is a finding in `diagnostics`.
    package static func resolve(_ raw: [RawCue], file: String, diagnostics: inout [Diagnostic]) -> [CaptionCue] {
        // Stable: cues starting together keep the file's order.
        let sorted = raw.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var merged: [RawCue] = []
        for cue in sorted {
            if var last = merged.last, last.start == cue.start {
                diagnostics.append(
                    Diagnostic(
                        .warning, .captionOverlap, "the cue starts with the cue of line \(last.line); they are shown as one",
                        at: SourceLocation(file: file, path: nil, line: cue.line)))
                last.words += cue.words
                last.end = max(last.end, cue.end)
                merged[merged.count - 1] = last
            } else {
                merged.append(cue)
            }
        }
        var cues: [CaptionCue] = []
        for (i, cue) in merged.enumerated() {
            var end = cue.end
            if i + 1 < merged.count, merged[i + 1].start < end {
                diagnostics.append(
                    Diagnostic(
                        .warning, .captionOverlap,
                        "the cue overlaps the cue of line \(merged[i + 1].line); it ends at \(CaptionTimeText.string(merged[i + 1].start))",
                        at: SourceLocation(file: file, path: nil, line: cue.line)))
                end = merged[i + 1].start
            }
            var outOfOrder = false
            let range = TimeRange(start: cue.start, end: end)
            let words = WordTiming.timed(cue.words, in: range, outOfOrder: &outOfOrder)
            if outOfOrder {
                diagnostics.append(
                    Diagnostic(
                        .warning, .captionWordTimes, "a word timestamp lies outside the cue or before the one before it; it is moved into order",
                        at: SourceLocation(file: file, path: nil, line: cue.line)))
            }
            cues.append(CaptionCue(line: cue.line, range: range, words: words))
        }
        return cues
    }
}
