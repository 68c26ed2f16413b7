import MediaTime
import TemplateFormat
import TimelineModel

/// Which part of a video fills a slot, and at what speed.
///
/// A slot of length `T` at speed `s` plays `n = T × s` of source. A video at least that long gives
/// a segment chosen by `SegmentChooser`; a shorter one follows the slot's `whenShorter` policy:
///
/// ```
/// video  |====== 3 s ======|
/// slot   |======== 4 s ========|      speedFit: source [0, 3) at 3/4 over 4 s
/// slot   |=============== 8 s ===============|
///        speedFit below minSpeed: source [0, 4) at 1/2 (minSpeed); the last frame holds from 6 s
///        loop:   source [0, 8) with loop on: 0-3, 0-3, 0-2
///        freeze: source [0, 8) at 1: plays 3 s, then its last frame holds
/// ```
package enum VideoFitting {
    /// How a video fills its slot: what part of it, how fast, and what fills the rest.
    public struct Fit: Equatable {
        /// The source played; longer than the video when it loops or freezes.
        package var sourceRange: TimeRange
        /// Source seconds per slot second: the written speed, or slower under `speedFit`.
        package var speed: RationalTime
        /// True when the video runs out before the slot ends and its last frame is held.
        package var holdsLastFrame: Bool
        /// True when the video plays again from its start to fill the slot.
        package var loops: Bool
    }

    /// The fit of a video `available` long in a slot `needed` long (positive) with `playback`,
    /// starting at `start` when the video is long enough; nil when exact arithmetic overflows.
    package static func fit(available: RationalTime, start: RationalTime, needed: RationalTime, playback: Playback) -> Fit? {
        guard let source = try? needed.multiplied(by: playback.speed) else { return nil }
        if available >= source {
            return Fit(sourceRange: TimeRange(start: start, duration: source), speed: playback.speed, holdsLastFrame: false, loops: false)
        }
        switch playback.whenShorter {
        case .loop:
            return Fit(sourceRange: TimeRange(start: .zero, duration: source), speed: playback.speed, holdsLastFrame: false, loops: true)
        case .freeze:
            return Fit(sourceRange: TimeRange(start: .zero, duration: source), speed: playback.speed, holdsLastFrame: true, loops: false)
        case .speedFit:
            guard let fitted = try? available.divided(by: needed), let slowest = try? playback.speed.multiplied(by: playback.minSpeed) else {
                return nil
            }
            if fitted >= slowest {
                return Fit(sourceRange: TimeRange(start: .zero, duration: available), speed: fitted, holdsLastFrame: false, loops: false)
            }
            guard let played = try? needed.multiplied(by: slowest) else { return nil }
            return Fit(sourceRange: TimeRange(start: .zero, duration: played), speed: slowest, holdsLastFrame: true, loops: false)
        }
    }
}
