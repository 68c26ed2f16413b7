import MediaTime

/// The beats, bars and sections of a piece of music, every time a sample index.
///
/// Times are indices of samples at `sampleRate` (48 kHz, the rate the audio is decoded at), from
/// the start of the decoded sound: exact, and exactly what a mix at that rate plays. `time(ofSample:)`
/// turns them into `RationalTime`s. A file with no beat (silence, a held tone) has no beats, no
/// tempo and no bars; `silent` tells silence from sound without a beat.
public struct BeatAnalysis: Sendable, Codable, Equatable {
    /// Samples per second of every index below.
    public let sampleRate: Int64
    /// Length of the sound analysed, in samples.
    public let sampleCount: Int64
    /// Beats per minute: the median interval between the beats found; nil with fewer than two.
    public let tempo: Double?
    /// aubio's confidence in its last tempo estimate (0 when it has none); higher is surer.
    public let confidence: Double
    /// Every beat, increasing.
    public let beats: [Int64]
    /// Beats in a bar: bars are counted in fours (see `BarPhase`).
    public let beatsPerBar: Int
    /// Index in `beats` of the first bar's first beat, nil without bars.
    public let firstDownbeat: Int?
    /// One entry per bar, from each downbeat to the next.
    public let bars: [Bar]
    /// Stretches of bars that sound alike, split where the sound changes most (see `SectionMap`).
    public let sections: [Section]
    /// True when the sound never rises above `BeatLimits.silenceLevel`.
    public let silent: Bool

    /// A bar: where it starts and how it sounds.
    public struct Bar: Sendable, Codable, Equatable {
        /// Its first sample (a downbeat) and the first sample after it.
        public let start: Int64
        public let end: Int64
        /// RMS level against the loudest bar's: 1 for the loudest, 0.5 for one half as loud.
        public let energy: Double
        /// How much the sound changed from the bar before, 0...1 (1 for the largest change).
        public let novelty: Double
    }

    /// Consecutive bars `firstBar..<endBar`, the samples they span, and their mean energy.
    public struct Section: Sendable, Codable, Equatable {
        public let firstBar: Int
        public let endBar: Int
        public let start: Int64
        public let end: Int64
        public let energy: Double
    }

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
    public func time(ofSample index: Int64) -> RationalTime {
        SampleRate(sampleRate).time(ofSample: index)
    }

    public var duration: RationalTime { time(ofSample: sampleCount) }
    public var beatTimes: [RationalTime] { beats.map(time(ofSample:)) }
    /// The first beat of every bar.
    public var downbeats: [Int64] { bars.map(\.start) }

    /// The loudest section: where the drop or the chorus is. Nil without sections.
    public var strongestSection: Int? {
        sections.indices.max { sections[$0].energy < sections[$1].energy }
    }

    /// The first bar of the `count` consecutive bars with the highest mean energy (the earliest
    /// of equals); nil when there are fewer bars than that.
    public func strongestStretch(bars count: Int) -> Int? {
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
