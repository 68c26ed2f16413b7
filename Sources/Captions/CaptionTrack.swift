import DocumentJSON
import MediaTime

/// The cues of a subtitle file, read and checked: what the resolver turns into caption texts.
///
/// Times are exact (milliseconds as written, never through floating point); a cue's words carry
/// the times they are spoken, from inline timestamps, a words file, or spread over the cue by
/// their length. The findings of reading (cues left out, cues cut) travel with the track so that
/// whoever resolves it reports them together with its own.
public struct CaptionTrack: Sendable, Hashable {
    /// The file read, for the findings that point into it.
    package var file: String
    /// Cues in time order, without overlaps (an overlapped cue ends where the next begins).
    package var cues: [CaptionCue]
    /// Warnings and notes (codes `C...`) about the file, with their line numbers.
    package var diagnostics: [Diagnostic]

    /// `cues` must already be in time order without overlaps, as `CaptionParser` and `CueOverlaps` leave them.
    public init(file: String, cues: [CaptionCue], diagnostics: [Diagnostic] = []) {
        self.file = file
        self.cues = cues
        self.diagnostics = diagnostics
    }
}

/// One cue: the words shown over a time range.
public struct CaptionCue: Sendable, Hashable {
    /// Where the cue's time line is in its file (1-based), for findings about it.
    package var line: Int
    /// When the cue shows, on the captions' own clock (from the subtitle file's zero), exact as written.
    package var range: TimeRange
    /// The words in order, markup removed; the text shown is them joined by single spaces (the
    /// line breaks of the file are dropped: captions are broken again to the safe width).
    package var words: [CaptionWord]

    /// `words` must lie within `range`, in order; the parser and `CueOverlaps` keep that true.
    public init(line: Int, range: TimeRange, words: [CaptionWord]) {
        self.line = line
        self.range = range
        self.words = words
    }

    /// The text shown: the words joined by single spaces.
    package var text: String { words.map(\.text).joined(separator: " ") }
}

/// A word of a cue and when it is spoken: `[start, end)`, within its cue.
public struct CaptionWord: Sendable, Hashable {
    /// The word as shown, markup removed; never empty.
    package var text: String
    /// When the word starts being spoken, on the same clock as its cue.
    public var start: RationalTime
    /// When the word ends (exclusive), after `start`; karaoke moves its highlight on here.
    package var end: RationalTime

    /// `start` must come before `end`; both within the cue the word belongs to.
    public init(text: String, start: RationalTime, end: RationalTime) {
        self.text = text
        self.start = start
        self.end = end
    }
}
