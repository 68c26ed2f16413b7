import DocumentJSON
import DocumentLimits
import MediaTime

/// Reads SRT and WebVTT files into cues, reporting what it leaves out with its line.
///
/// Both formats are blocks separated by blank lines; a cue block has a timing line
/// (`start --> end`, WebVTT's cue settings after it ignored) with an optional identifier before
/// it and the text after it. A byte order mark, CRLF or CR line ends, and a missing index are
/// accepted, as players accept them. A block that cannot be read is a warning and the next block
/// is read: one malformed time never costs the other cues. WebVTT is recognised by its
/// `WEBVTT` first line; its `NOTE`, `STYLE` and `REGION` blocks are skipped.
package enum CaptionParser {
    /// The cues of an SRT or WebVTT `text`, never failing: what it cannot read becomes a finding in the track, pointing into `file`.
    package static func parse(_ text: String, file: String) -> CaptionTrack {
        var lines = CaptionLines.split(text)
        if let first = lines.first, first.hasPrefix("\u{feff}") { lines[0] = String(first.dropFirst()) }
        let isVTT = lines.first.map { $0 == "WEBVTT" || $0.hasPrefix("WEBVTT ") || $0.hasPrefix("WEBVTT\t") } ?? false
        var diagnostics: [Diagnostic] = []
        func warn(_ code: DiagnosticCode, _ message: String, line: Int, severity: Severity = .warning, notes: [String] = []) {
            diagnostics.append(Diagnostic(severity, code, message, at: SourceLocation(file: file, path: nil, line: line), notes: notes))
        }
        var raw: [RawCue] = []
        var words = 0
        var blocks = CaptionLines.blocks(lines)
        if isVTT, !blocks.isEmpty, blocks[0].first == 1 { blocks.removeFirst() }
        for block in blocks {
            let first = lines[block[0] - 1]
            if isVTT, ["NOTE", "STYLE", "REGION"].contains(where: { first == $0 || first.hasPrefix($0 + " ") || first.hasPrefix($0 + "\t") }) {
                continue
            }
            guard let k = block.prefix(2).firstIndex(where: { lines[$0 - 1].contains("-->") }) else {
                warn(
                    .captionSyntax, "not a cue: no 'start --> end' timing line", line: block[0],
                    notes: [
                        isVTT
                            ? "a WebVTT cue is an optional identifier, a timing line and its text"
                            : "an SRT cue is a number, a timing line and its text"
                    ])
                continue
            }
            let lineNumber = block[k]
            let timing = lines[lineNumber - 1]
            guard let (start, end) = timingTimes(timing) else {
                warn(
                    .captionTime, "malformed cue time in '\(timing.prefix(80))'", line: lineNumber,
                    notes: [isVTT ? "write times as 00:01:02.500 or 01:02.500" : "write times as 00:01:02,500"])
                continue
            }
            guard end > start else {
                warn(.captionOrder, "the cue ends at or before its start", line: lineNumber)
                continue
            }
            let text = block[(k + 1)...].map { lines[$0 - 1] }.joined(separator: "\n")
            // Refused by its size before any work on its characters: a cue of a few characters
            // with tens of thousands of combining marks would cost seconds to split into words,
            // only to be refused by the same limit (T017) when the timeline is made.
            let oversized = text.unicodeScalars.count > Limits.maxTextScalars
            var cueWords = oversized ? [CueText.Word(text: text, start: nil)] : CueText.words(text)
            if cueWords.isEmpty {
                warn(.captionEmpty, "the cue has no text", line: lineNumber)
                continue
            }
            if cueWords.count > Limits.maxCueWords {
                warn(.captionTooMany, "the cue has \(cueWords.count) words; the first \(Limits.maxCueWords) are kept", line: lineNumber)
                cueWords = Array(cueWords.prefix(Limits.maxCueWords))
            }
            guard raw.count < Limits.maxCaptionCues, words + cueWords.count <= Limits.maxCaptionWords else {
                warn(
                    .captionTooMany,
                    "more than \(Limits.maxCaptionCues) cues or \(Limits.maxCaptionWords) words; this cue and the rest are left out",
                    line: lineNumber)
                break
            }
            words += cueWords.count
            raw.append(RawCue(line: lineNumber, start: start, end: end, words: cueWords))
        }
        if !isVTT, raw.isEmpty, !blocks.isEmpty, diagnostics.allSatisfy({ $0.code == .captionSyntax }) {
            warn(.captionSyntax, "no cue found: the file is neither SRT nor WebVTT", line: 1)
        }
        let cues = CueOverlaps.resolve(raw, file: file, diagnostics: &diagnostics)
        return CaptionTrack(file: file, cues: cues, diagnostics: diagnostics)
    }

    /// `start --> end [settings]`; nil when either time is malformed.
    static func timingTimes(_ line: String) -> (RationalTime, RationalTime)? {
        let parts = line.split(separator: "-->", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let start = parts[0].trimmingWhitespace()
        guard let end = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first,
            let s = CaptionTimeText.time(start), let e = CaptionTimeText.time(end)
        else { return nil }
        return (s, e)
    }
}

/// A cue as read, before overlaps are resolved and its words timed.
package struct RawCue {
    /// 1-based line of the cue's timing line, for findings.
    package var line: Int
    /// Start as written; may overlap other cues until `CueOverlaps` resolves them.
    package var start: RationalTime
    /// End as written, after `start` (blocks that end first are dropped while reading).
    package var end: RationalTime
    /// The words of the text, markup removed, with any inline timestamps.
    package var words: [CueText.Word]
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return s
    }
}
