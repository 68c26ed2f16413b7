import DocumentLimits
import MediaTime
import TimelineModel

/// Where each sound of a timeline plays, in whole samples at the mix rate, with its gain envelope.
///
/// Sample positions are derived once from the exact times (rounded to the nearest sample), so the
/// sound stays locked to the pictures however long the video is.
package struct AudioPlanner: Sendable {
    /// One sound on the mix: timeline samples `[start, end)`, reading its source from `sourceStart`.
    package struct Item: Sendable, Hashable {
        /// The sound's file path, as the timeline names it.
        package var media: String
        /// First timeline sample the sound plays at, at the mix rate.
        package var start: Int64
        /// Timeline sample it stops before, never past the timeline's end.
        package var end: Int64
        /// Source time heard at `start`. Played backwards, the source time just above it: the sound
        /// runs down from there.
        package var sourceStart: RationalTime
        /// Linear gain as the timeline gives it, before fades and ducking.
        package var volume: Double
        var fadeInSamples: Int64
        var fadeOutSamples: Int64
        /// True for the sound of a video clip (which may have none), false for music.
        var isClipAudio: Bool = false
        /// Source seconds per timeline second: a clip played fast or slow plays its sound so too
        /// (resampled, so its pitch moves with the speed).
        package var speed: Double = 1
        /// Played backwards (a reversed clip): source samples from just below `sourceStart` down.
        package var reverse: Bool = false
        /// A looped sound: source times past the media's end wrap to its start. A clip's sound
        /// wraps at its video's length, with the picture; a sound of the timeline's `audio` at its
        /// own length (the mixer reads them, facts of the file).
        package var loop: Bool = false
        /// What the sound is, for sounds of the timeline's `audio` (nil for a clip's own sound).
        package var role: AudioRole? = nil
        /// Lowered while the sidechain is heard (the mixer's `Ducker`); nil leaves it alone.
        package var ducking: Ducking? = nil

        /// True for what ducking listens to: the clips' own sound and the voice-over.
        var isSidechain: Bool { isClipAudio || role == .voice }

        /// Gain at timeline sample `s` (inside `[start, end)`): volume times the linear fades (the
        /// ducking, which depends on the sound heard, is the mixer's). Volume is held to
        /// `Limits.volume` (a value that is not a number is silence), whoever made the
        /// timeline: the mixer never multiplies by more.
        package func gain(at s: Int64) -> Float {
            var g = Self.clamp(volume, Limits.volume)
            if fadeInSamples > 0 && s - start < fadeInSamples { g *= Double(s - start) / Double(fadeInSamples) }
            if fadeOutSamples > 0 && end - s <= fadeOutSamples { g *= Double(end - 1 - s) / Double(fadeOutSamples) }
            return Float(max(0, g))
        }

        private static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
            value.isNaN ? 0 : min(range.upperBound, max(range.lowerBound, value))
        }
    }

    /// The mix's sample rate; every sample position here counts at it.
    package let rate: SampleRate
    /// Samples of the whole timeline, its duration rounded to the nearest sample.
    package let totalSamples: Int64
    /// Every audible sound: the timeline's sounds, then the video clips' own.
    package let items: [Item]

    /// Plans every sound and clip with a volume above 0; silent ones are left out.
    package init(timeline: Timeline, rate: SampleRate = .standard) {
        self.rate = rate
        totalSamples = rate.sample(at: timeline.duration, rounding: .toNearestOrAwayFromZero)
        var items: [Item] = []
        for a in timeline.audio where a.volume > 0 {
            items.append(
                Item(
                    media: a.media,
                    start: rate.sample(at: a.timelineRange.start, rounding: .toNearestOrAwayFromZero),
                    end: min(totalSamples, rate.sample(at: a.timelineRange.end, rounding: .toNearestOrAwayFromZero)),
                    sourceStart: a.sourceStart, volume: a.volume,
                    fadeInSamples: rate.sample(at: a.fadeIn, rounding: .toNearestOrAwayFromZero),
                    fadeOutSamples: rate.sample(at: a.fadeOut, rounding: .toNearestOrAwayFromZero), loop: a.loop, role: a.role,
                    ducking: a.role == .voice ? nil : a.ducking))
        }
        for c in timeline.clips where c.kind == .video && c.volume > 0 {
            // A clip's sound runs through the transitions at its ends, fading across them: the
            // sound of A fades out while B's fades in, over the same frames as the pictures.
            let entering = timeline.transitions.first { $0.to == c.id }?.range
            let leaving = timeline.transitions.first { $0.from == c.id }?.range
            let start = min(c.timelineRange.start, entering?.start ?? c.timelineRange.start)
            let end = max(c.timelineRange.end, leaving?.end ?? c.timelineRange.end)
            let s0 = rate.sample(at: start, rounding: .toNearestOrAwayFromZero)
            let fadeIn = entering.map { rate.sample(at: $0.duration, rounding: .toNearestOrAwayFromZero) } ?? 0
            let fadeOut = leaving.map { rate.sample(at: $0.duration, rounding: .toNearestOrAwayFromZero) } ?? 0
            var s1 = min(totalSamples, rate.sample(at: end, rounding: .toNearestOrAwayFromZero))
            if c.reverse {
                // The sound runs down from the source time above the first frame shown (the end of
                // the source range, or past it under an entering transition) and stops at the
                // media's start.
                let top = c.sourceRange.end + (c.timelineRange.start - start) * c.speed
                s1 = top.isPositive ? min(s1, s0 + rate.sample(at: Self.timelineLength(of: top, at: c.speed, rate: rate), rounding: .down)) : s0
                items.append(
                    Item(
                        media: c.media, start: s0, end: s1, sourceStart: top, volume: c.volume,
                        fadeInSamples: fadeIn, fadeOutSamples: fadeOut, isClipAudio: true, speed: c.speed.seconds,
                        reverse: true))
                continue
            }
            let sourceStart = c.sourceTime(at: start)
            let skip = sourceStart.isNegative ? rate.sample(at: Self.timelineLength(of: -sourceStart, at: c.speed, rate: rate), rounding: .up) : 0
            items.append(
                Item(
                    media: c.media, start: s0 + skip, end: s1,
                    sourceStart: sourceStart.isNegative ? .zero : sourceStart, volume: c.volume,
                    fadeInSamples: fadeIn, fadeOutSamples: fadeOut, isClipAudio: true, speed: c.speed.seconds, loop: c.loop))
        }
        self.items = items.filter { $0.start < $0.end }
    }

    /// First sample of output frame `index`: frame boundaries rounded down to the sample grid.
    func firstSample(ofFrame index: Int64, frameRate: FrameRate) -> Int64 {
        min(totalSamples, rate.sample(at: frameRate.time(ofFrame: index), rounding: .toNearestOrAwayFromZero))
    }

    /// The timeline time over which `source` of a clip's source plays at `speed`: `source / speed`
    /// exactly when it fits, else `source` on the sample grid first (off by less than a sample of
    /// source, for a source time of a step too fine to divide; the clip rules keep such steps
    /// from overflowing everything else, see `ExactTimesRule`).
    static func timelineLength(of source: RationalTime, at speed: RationalTime, rate: SampleRate) -> RationalTime {
        if let exact = try? source.divided(by: speed) { return exact }
        return source.rounded(toTimescale: rate.samplesPerSecond, rule: .toNearestOrAwayFromZero) / speed
    }
}
