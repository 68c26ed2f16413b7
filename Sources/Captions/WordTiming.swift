import MediaTime

/// When each word of a cue is spoken.
///
/// A word with an inline timestamp starts there; the first word starts with the cue. Every run of
/// words from one timed word to the next shares the time until the next one (or the cue's end),
/// spread by length: a word's share is its number of characters over the run's, so "a" passes
/// faster than "extraordinary", as it does when spoken. Times are exact fractions of the cue.
package enum WordTiming {
    /// The timed words; `outOfOrder` is set when a timestamp lay outside the cue or before the one
    /// before it (it is moved into order, and the caller warns).
    package static func timed(_ words: [CueText.Word], in range: TimeRange, outOfOrder: inout Bool) -> [CaptionWord] {
        guard !words.isEmpty else { return [] }
        // Starts of the runs, clamped into the cue and into order.
        var starts: [RationalTime?] = words.map(\.start)
        starts[0] = starts[0] ?? range.start
        var last = range.start
        for i in starts.indices {
            guard let s = starts[i] else { continue }
            let clamped = s.clamped(to: last, range.end)
            if clamped != s { outOfOrder = true }
            starts[i] = clamped
            last = clamped
        }
        var result: [CaptionWord] = []
        var runStart = 0
        while runStart < words.count {
            var runEnd = runStart + 1
            while runEnd < words.count, starts[runEnd] == nil { runEnd += 1 }
            let from = starts[runStart] ?? range.start
            let to = runEnd < words.count ? (starts[runEnd] ?? range.end) : range.end
            result += spread(Array(words[runStart..<runEnd]), from: from, to: to)
            runStart = runEnd
        }
        return result
    }

    /// Words over `[from, to)`, each taking a share as long as it is.
    package static func spread(_ words: [CueText.Word], from: RationalTime, to: RationalTime) -> [CaptionWord] {
        let lengths = words.map { Int64(max(1, $0.text.count)) }
        let total = lengths.reduce(0, +)
        let span = to - from
        var done: Int64 = 0
        var result: [CaptionWord] = []
        for (word, length) in zip(words, lengths) {
            let start = from + span * RationalTime(value: done, timescale: total)
            done += length
            let end = done == total ? to : from + span * RationalTime(value: done, timescale: total)
            result.append(CaptionWord(text: word.text, start: start, end: end))
        }
        return result
    }
}
