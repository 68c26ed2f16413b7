import MediaTime

/// The beats, bars and sections of a piece of music, every time a sample index.
///
/// Times are indices of samples at `sampleRate` (48 kHz, the rate the audio is decoded at), from
/// the start of the decoded sound: exact, and exactly what a mix at that rate plays. `time(ofSample:)`
/// turns them into `RationalTime`s. A file with no beat (silence, a held tone) has no beats, no
/// tempo and no bars; `silent` tells silence from sound without a beat.
public struct BeatAnalysis: Sendable, Codable, Equatable {
    /// Samples per second of every index below.
    package let sampleRate: Int64
    /// Length of the sound analysed, in samples.
    package let sampleCount: Int64
    /// Beats per minute: the median interval between the beats found; nil with fewer than two.
    package let tempo: Double?
    /// aubio's confidence in its last tempo estimate (0 when it has none); higher is surer.
    package let confidence: Double
    /// Every beat, increasing.
    package let beats: [Int64]
    /// Beats in a bar: bars are counted in fours (see `BarPhase`).
    package let beatsPerBar: Int
    /// Index in `beats` of the first bar's first beat, nil without bars.
    let firstDownbeat: Int?
    /// One entry per bar, from each downbeat to the next.
    package let bars: [Bar]
    /// Stretches of bars that sound alike, split where the sound changes most (see `SectionMap`).
    package let sections: [Section]
    /// True when the sound never rises above `BeatLimits.silenceLevel`.
    package let silent: Bool

    /// A bar: where it starts and how it sounds.
    public struct Bar: Sendable, Codable, Equatable {
        /// Its first sample (a downbeat) and the first sample after it.
        public let start: Int64
        /// First sample after the bar (exclusive): where the next bar begins.
        package let end: Int64
        /// RMS level against the loudest bar's: 1 for the loudest, 0.5 for one half as loud.
        package let energy: Double
        /// How much the sound changed from the bar before, 0...1 (1 for the largest change).
        package let novelty: Double
    }

    /// Consecutive bars `firstBar..<endBar`, the samples they span, and their mean energy.
    public struct Section: Sendable, Codable, Equatable {
        /// Index in `bars` of the section's first bar.
        package let firstBar: Int
        /// Index in `bars` just past the section's last bar (exclusive); sections tile the bars without gaps.
        package let endBar: Int
        /// The first sample of the section's first bar: a downbeat.
        public let start: Int64
        /// The first sample after the section's last bar (exclusive).
        package let end: Int64
        /// Mean of the bars' `energy` (0...1): what `strongestSection` compares.
        package let energy: Double
    }

    /// Every index must be at `sampleRate` and `beats` increasing; `BeatAnalyzer` builds it, tests and caches restore it.
    public init(
        sampleRate: Int64, sampleCount: Int64, tempo: Double?, confidence: Double, beats: [Int64], beatsPerBar: Int,
        firstDownbeat: Int?, bars: [Bar], sections: [Section], silent: Bool
    ) {
        self.sampleRate = sampleRate
        self.sampleCount = sampleCount
        self.tempo = tempo
        self.confidence = confidence
        self.beats = beats
        self.beatsPerBar = beatsPerBar
        self.firstDownbeat = firstDownbeat
        self.bars = bars
        self.sections = sections
        self.silent = silent
    }

    /// The exact time of a sample index.
    package func time(ofSample index: Int64) -> RationalTime {
        SampleRate(sampleRate).time(ofSample: index)
    }

    /// Length of the analysed sound, exact.
    package var duration: RationalTime { time(ofSample: sampleCount) }
    /// Every beat as an exact time from the start of the sound; what the resolver cuts on.
    package var beatTimes: [RationalTime] { beats.map(time(ofSample:)) }
    /// The first beat of every bar.
    package var downbeats: [Int64] { bars.map(\.start) }

    /// The loudest section: where the drop or the chorus is. Nil without sections.
    package var strongestSection: Int? {
        sections.indices.max { sections[$0].energy < sections[$1].energy }
    }

    /// The first bar of the `count` consecutive bars with the highest mean energy (the earliest
    /// of equals); nil when there are fewer bars than that.
    package func strongestStretch(bars count: Int) -> Int? {
        guard count > 0, bars.count >= count else { return nil }
        var sum = bars[0..<count].reduce(0) { $0 + $1.energy }
        var best = (bar: 0, sum: sum)
        for first in 1...(bars.count - count) {
            sum += bars[first + count - 1].energy - bars[first - 1].energy
            if sum > best.sum + 1e-12 { best = (first, sum) }
        }
        return best.bar
    }
}
