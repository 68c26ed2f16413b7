import DocumentLimits
import MediaTime
import TimelineModel

/// What an analysis found in a person's song, in the song's own time (0 is its first sample):
/// the facts `SongPlacement` chooses a start from and `MusicMapping` lays on the timeline.
///
/// TemplateCore cannot decode sound; the caller analyses the song (`reel beats`' analysis) and
/// gives the result as these values.
public struct SongBeats: Sendable, Hashable {
    /// The song file, as given (relative to the working folder, or absolute).
    package var file: String
    /// Length of the song.
    package var duration: RationalTime
    /// Beats per minute, for people.
    package var tempo: Double?
    /// Every beat, increasing (none when the song has no beat).
    package var beats: [RationalTime]
    /// The first beat of each bar, each one of `beats`.
    package var downbeats: [RationalTime]
    /// Each bar from its downbeat to the next: its energy (0...1, the loudest bar 1) and novelty
    /// (how much the sound changed from the bars before, 0...1).
    package var bars: [Bar]
    /// Stretches of bars that sound alike, in song time, in order; `auto` reports which one it starts in.
    package var sections: [MusicSection]

    /// One bar of the song, in song time, as the beat analysis measured it.
    public struct Bar: Sendable, Hashable {
        /// The bar's downbeat, in song time.
        public var start: RationalTime
        /// The next bar's downbeat (exclusive), in song time.
        package var end: RationalTime
        /// Loudness against the song's loudest bar, 0...1; `auto` favours loud stretches.
        package var energy: Double
        /// How much the sound changed from the bar before, 0...1; `auto` favours a start where it changes (a drop).
        package var novelty: Double

        /// `end` must follow `start`; `energy` and `novelty` are 0...1.
        public init(start: RationalTime, end: RationalTime, energy: Double, novelty: Double) {
            self.start = start
            self.end = end
            self.energy = energy
            self.novelty = novelty
        }
    }

    /// All in song time; `beats` increasing, `downbeats` a subset of them; bars and sections may be empty (no bar found).
    public init(
        file: String, duration: RationalTime, tempo: Double?, beats: [RationalTime], downbeats: [RationalTime] = [], bars: [Bar] = [],
        sections: [MusicSection] = []
    ) {
        self.file = file
        self.duration = duration
        self.tempo = tempo
        self.beats = beats
        self.downbeats = downbeats
        self.bars = bars
        self.sections = sections
    }

    /// True when there are beats to count on (at least two).
    package var hasBeats: Bool { beats.count >= 2 }

    /// The beat grid that puts song time `start` at video time 0. When `loops`, the song heard
    /// again from `start` after its end (as `MusicPlacement` loops it) keeps its beats: each
    /// pass's beats follow the last pass's, so cuts stay on the beats heard.
    package func grid(start: RationalTime, loops: Bool) -> BeatGrid? {
        guard hasBeats else { return nil }
        var times = beats
        let pass = duration - start
        if loops, pass.isPositive {
            let again = beats.filter { $0 >= start }
            var k: Int64 = 1
            while times.count < Limits.maxBeats, !again.isEmpty, let last = times.last {
                let shifted = again.map { $0 + pass * k }.filter { $0 > last }
                if shifted.isEmpty { break }
                times += shifted.prefix(Limits.maxBeats - times.count)
                k += 1
                // An hour of video is the longest a template makes.
                if pass * k > Limits.maxTotalDuration + duration { break }
            }
        }
        return BeatGrid(.times(times), offset: start)
    }
}
