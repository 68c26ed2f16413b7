import MediaTime

/// One stretch of a clip that OpenTimelineIO can say as a clip of its own: a part that plays the
/// media, a pass of a looping clip, or the last frame held.
package struct OTIOPiece: Equatable {
    /// Why the piece exists: OpenTimelineIO has no loop or freeze, so each is written as clips of its own.
    package enum Part: Equatable {
        /// Plays the media (at the clip's speed, in its direction).
        case plays
        /// Plays the media again from its start: the `n`th pass of a looping clip (2 and up).
        case pass(Int)
        /// Holds the media's last frame.
        case holds
    }

    /// Where it plays on the timeline.
    package var range: TimeRange
    /// Media time of its first frame; for a reversed part, the earliest media time it plays.
    package var sourceStart: RationalTime
    /// Which of the three kinds of stretch this is, deciding its name and how its source range is written.
    package var part: Part
}

/// Splits a clip whose source range runs past its media's end into pieces that stay within it,
/// cut on the timeline's frame grid where the source time reaches the end.
///
/// ```
/// media      |==== 4 s ====|
/// loop 7 s   [ plays 0-4 s ][ pass 2: 0-3 s ]
/// freeze 6 s [ plays 0-4 s ][ holds the last frame: 2 s ]
/// ```
///
/// A piece starts on the first frame whose source time is at or past the end, the frame where
/// the renderer wraps or holds. A media length that is not a whole number of steps leaves a
/// pass's last frame starting before the end and lasting past it by less than one frame.
package enum OTIOPieces {
    /// The pieces of a clip playing `source` over `timeline` at `speed` (reversed, looping) from
    /// media `extent` long, with frames `frame` long; one piece when nothing runs past the end,
    /// or the length is unknown.
    package static func split(
        timeline r: TimeRange, source: TimeRange, speed: RationalTime, reverse: Bool, loop: Bool, extent: MediaExtent?,
        frame fd: RationalTime
    ) -> [OTIOPiece] {
        let whole = [OTIOPiece(range: r, sourceStart: source.start, part: .plays)]
        guard let extent, extent.duration.isPositive, speed.isPositive, fd.isPositive, source.end > extent.duration else { return whole }
        let d = extent.duration
        let step = fd * speed
        let count = (r.duration / fd).ticks(timescale: 1, rounding: .up)
        func at(_ n: Int64) -> RationalTime { n >= count ? r.end : r.start + fd * n }
        /// Frames from the clip's start to the first whose source time is at or past `target`.
        func frames(until target: RationalTime) -> Int64 { min(count, max(0, ((target - source.start) / step).ticks(timescale: 1, rounding: .up))) }
        if loop {
            // A looping clip played backwards stays one piece (its reference says it loops).
            guard !reverse else { return whole }
            var pieces: [OTIOPiece] = []
            var n: Int64 = 0
            while n < count {
                let s = source.start + step * n
                let pass = (s / d).ticks(timescale: 1, rounding: .down)
                let next = max(n + 1, frames(until: d * (pass + 1)))
                let part: OTIOPiece.Part = pass == 0 ? .plays : .pass(Int(pass) + 1)
                pieces.append(OTIOPiece(range: TimeRange(start: at(n), end: at(next)), sourceStart: s - d * pass, part: part))
                n = next
            }
            return pieces
        }
        let lastFrame = max(.zero, d - (extent.frameDuration ?? fd))
        // Forwards the clip plays, then holds; backwards (source time `end - n·step - ε`) it holds
        // while that time is past the end, then plays down to its start.
        let played: Int64
        if reverse {
            let over = source.end - VideoClip.reversedEpsilon - d
            played = count - (over.isNegative ? 0 : min(count, (over / step).ticks(timescale: 1, rounding: .down) + 1))
        } else {
            played = frames(until: d)
        }
        let plays = reverse ? TimeRange(start: at(count - played), end: r.end) : TimeRange(start: r.start, end: at(played))
        let holds = reverse ? TimeRange(start: r.start, end: at(count - played)) : TimeRange(start: at(played), end: r.end)
        let pieces = [
            OTIOPiece(range: holds, sourceStart: lastFrame, part: .holds), OTIOPiece(range: plays, sourceStart: source.start, part: .plays),
        ]
        .filter { $0.range.duration.isPositive }
        return reverse ? pieces : pieces.reversed()
    }
}
