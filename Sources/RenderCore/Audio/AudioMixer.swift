import MediaIO
import TimelineModel

/// Mixes a timeline's sounds into 48 kHz stereo that never exceeds `AudioCeiling`: the sum of the
/// sounds (`SoundSum`), times the master gain, through a look-ahead `PeakLimiter`.
///
/// The limiter reads ahead of the block asked for and gives every sample back at its own time, so
/// the mix stays locked to the pictures; blocks asked for in order read every source forward once.
package final class AudioMixer {
    /// Where each sound plays; the exporter reads it to tell whether there is any sound to measure.
    package let planner: AudioPlanner
    /// Gain applied to the whole sum (loudness normalization), before the limiter.
    var masterGain: Float = 1
    private let sounds: SoundSum
    private var limiter: PeakLimiter

    /// `audioBitrate` is the encoder's when it differs from the timeline's: the limiter leaves the
    /// headroom that bit rate needs.
    package init(timeline: Timeline, baseFolder: String? = nil, audioBitrate: Int? = nil) {
        sounds = SoundSum(timeline: timeline, baseFolder: baseFolder)
        planner = sounds.planner
        limiter = PeakLimiter(threshold: AudioCeiling.limiterThreshold(audioBitrate: audioBitrate ?? timeline.output.audioBitrate))
    }

    /// Amplitude the limiter holds the mix under (the ceiling less the encoder's headroom).
    package var threshold: Float { limiter.threshold }

    /// Stretches (of `PeakLimiter.stretch` samples) where the limiter holds the mix under a lower
    /// threshold, by the factor given; what `SoundtrackEncoder` sets where the encoded sound
    /// went past the ceiling. Setting it starts the limiter afresh.
    package var lowered: [Int64: Float] {
        get { limiter.lowered }
        set { limiter = PeakLimiter(threshold: limiter.threshold, lowered: newValue) }
    }

    /// Mixes timeline samples `[start, start + count)` into `out` (interleaved stereo, overwritten).
    package func mix(start: Int64, count: Int, into out: UnsafeMutablePointer<Float>) throws(FileAccessError) {
        let sounds = self.sounds
        let gain = masterGain
        try limiter.process(start: start, count: count, into: out) { (s, n, p) throws(FileAccessError) in
            try sounds.sum(start: s, count: n, into: p)
            if gain != 1 { for k in 0..<n * 2 { p[k] *= gain } }
        }
    }
}
