import DocumentJSON
import DocumentLimits
import MediaTime

extension CaptionTrack {
    /// Longest silence within one cue of a words file: a longer pause starts a new cue.
    static let cueBreakPause = RationalTime(value: 1, timescale: 1)
    /// Most words of a cue made from a words file: what two short lines hold.
    static let wordsPerCue = 7

    /// Cues made from a words file: a word starts a new cue after a sentence's end, after a pause
    /// of `cueBreakPause` or more, or when the cue has `wordsPerCue` words.
    public init(words: [CaptionWord], file: String, diagnostics: [Diagnostic] = []) {
        let sorted = words.sorted { $0.start < $1.start }
        var cues: [CaptionCue] = []
        var current: [CaptionWord] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            cues.append(CaptionCue(line: 1, range: TimeRange(start: first.start, end: last.end), words: current))
            current = []
        }
        for word in sorted {
            if let last = current.last {
                let sentenceEnds = last.text.last.map { ".!?…".contains($0) } ?? false
                if sentenceEnds || word.start - last.end >= Self.cueBreakPause || current.count >= Self.wordsPerCue { close() }
            }
            // A word overlapping the one before it starts where that one ends.
            var w = word
            if let last = current.last, w.start < last.end { w.start = last.end }
            if w.end <= w.start, let previous = current.last { w.end = previous.end }
            current.append(w)
        }
        close()
        // A cue overlapping the next (words spoken over each other) ends where it begins.
        for i in cues.indices.dropLast() where cues[i].range.end > cues[i + 1].range.start {
            cues[i].range = TimeRange(start: cues[i].range.start, end: cues[i + 1].range.start)
            for j in cues[i].words.indices {
                cues[i].words[j].end = min(cues[i].words[j].end, cues[i].range.end)
                cues[i].words[j].start = min(cues[i].words[j].start, cues[i].words[j].end)
            }
        }
        var kept = cues.filter { $0.range.end > $0.range.start }
        var diagnostics = diagnostics
        if kept.count > Limits.maxCaptionCues {
            diagnostics.append(
                Diagnostic(
                    .warning, .captionTooMany, "the words make \(kept.count) cues; the first \(Limits.maxCaptionCues) are kept",
                    at: SourceLocation(file: file)))
            kept.removeLast(kept.count - Limits.maxCaptionCues)
        }
        self.init(file: file, cues: kept, diagnostics: diagnostics)
    }

    /// The track with its words timed by a words file: each cue takes the times of the file's
    /// words that start within it, when they are as many as its own words (its text stays as the
    /// subtitle file writes it). A cue they do not match keeps its times, spread by length, with a
    /// warning (C008).
    package func timingWords(_ words: [CaptionWord], from wordsFile: String) -> CaptionTrack {
        var track = self
        let sorted = words.sorted { $0.start < $1.start }
        for (i, cue) in cues.enumerated() {
            let inside = sorted.filter { cue.range.contains($0.start) }
            guard inside.count == cue.words.count else {
                track.diagnostics.append(
                    Diagnostic(
                        .warning, .captionWordTimes,
                        "\(wordsFile) has \(inside.count) words in this cue's time, and the cue \(cue.words.count); its words are spread by length",
                        at: SourceLocation(file: file, path: nil, line: cue.line)))
                continue
            }
            for (j, w) in inside.enumerated() {
                let start = j == 0 ? cue.range.start : w.start
                let end = j + 1 < inside.count ? inside[j + 1].start : cue.range.end
                track.cues[i].words[j].start = start
                track.cues[i].words[j].end = max(start, min(end, cue.range.end))
            }
        }
        return track
    }
}
