import DocumentLimits
import MediaTime

extension BeatGrid {
    /// The beat position of video time `t`: 0 at the first listed beat (or, for a tempo, at its
    /// first beat), growing by one a beat; nil when exact arithmetic overflows.
    package func position(at t: RationalTime) -> RationalTime? {
        do {
            switch kind {
            case .tempo(let bpm, let first):
                return try t.adding(offset).subtracting(first).multiplied(by: bpm).divided(by: RationalTime(seconds: 60))
            case .times(let times):
                return try position(atMusicTime: try t.adding(offset), times: times)
            }
        } catch {
            return nil
        }
    }

    /// The beats that fall in video time `range` (start included, end excluded), in video time;
    /// for a list, only the listed beats.
    package func beats(in range: TimeRange) -> [RationalTime] {
        switch kind {
        case .times(let times):
            return times.compactMap { $0.subtractingReportingOverflow(offset) }.filter { range.contains($0) }
        case .tempo(let bpm, let first):
            guard bpm.isPositive, let period = try? RationalTime(seconds: 60).divided(by: bpm), let p = position(at: range.start) else {
                return []
            }
            var n = p.ticks(timescale: 1, rounding: .up)
            var found: [RationalTime] = []
            while found.count < Limits.maxBeats {
                guard let t = try? period.multiplied(by: RationalTime(seconds: n)).adding(first).subtracting(offset),
                    t < range.end
                else { break }
                if t >= range.start { found.append(t) }
                n += 1
            }
            return found
        }
    }
}
