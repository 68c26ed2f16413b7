import MediaTime

/// Where the beats of a template's music fall, so that slot durations can be counted in beats.
///
/// Written either as a tempo and the time of the first beat (a steady grid) or as a list of beat
/// times (a track whose tempo drifts). Times are in the music file's own time; `offset` (the
/// music's `start`) maps them onto the video, where video time 0 is music time `offset`.
///
/// Between listed beats the position grows linearly; before the first and after the last, the
/// nearest interval repeats. A duration of *n* beats ends where the beat position has grown by *n*
/// from where the slot starts:
///
/// ```
/// beats:   |    |    |    |    |      (music time - start)
/// slots:   [ 2 beats ][1b ][ 2 beats ]   every cut on a beat when the first slot starts on one
/// ```
public struct BeatGrid: Sendable, Hashable {
    /// How the beats are given: a steady tempo, or the list an analysis found.
    public enum Kind: Sendable, Hashable {
        /// Beats per minute, and music time of one beat.
        case tempo(bpm: RationalTime, firstBeat: RationalTime)
        /// Increasing music times of the beats (at least two).
        case times([RationalTime])
    }

    /// The beats in music time, before `offset` maps them onto the video.
    package var kind: Kind
    /// Music time at video time 0 (the music's `start`).
    package var offset: RationalTime

    /// `offset` is the music's `start`; a `times` list must hold at least two increasing times.
    public init(_ kind: Kind, offset: RationalTime = .zero) {
        self.kind = kind
        self.offset = offset
    }

    /// The video time at which the beat position has grown by `beats` from video time `start`;
    /// nil when exact arithmetic overflows.
    package func end(from start: RationalTime, beats: RationalTime) -> RationalTime? {
        do {
            switch kind {
            case .tempo(let bpm, _):
                return try start.adding(try beats.multiplied(by: try RationalTime(seconds: 60).divided(by: bpm)))
            case .times(let times):
                let position = try self.position(atMusicTime: try start.adding(offset), times: times)
                return try musicTime(atPosition: try position.adding(beats), times: times).subtracting(offset)
            }
        } catch {
            return nil
        }
    }

    /// Beat position (0 at the first listed beat) of music time `t`.
    func position(atMusicTime t: RationalTime, times: [RationalTime]) throws(TimeOverflowError) -> RationalTime {
        let i = segment(containing: t, times: times)
        let length = try times[i + 1].subtracting(times[i])
        return try RationalTime(seconds: Int64(i)).adding(try t.subtracting(times[i]).divided(by: length))
    }

    func musicTime(atPosition p: RationalTime, times: [RationalTime]) throws(TimeOverflowError) -> RationalTime {
        let whole = p.ticks(timescale: 1, rounding: .down)
        let i = Int(min(max(whole, 0), Int64(times.count - 2)))
        let length = try times[i + 1].subtracting(times[i])
        return try times[i].adding(try p.subtracting(RationalTime(seconds: Int64(i))).multiplied(by: length))
    }

    /// Index of the interval [times[i], times[i+1]) holding `t`, the first or last one outside the list.
    func segment(containing t: RationalTime, times: [RationalTime]) -> Int {
        var lo = 0
        var hi = times.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if times[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
