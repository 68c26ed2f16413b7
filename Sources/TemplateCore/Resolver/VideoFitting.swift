import MediaTime

/// Which part of a video fills a slot, and at what speed.
///
/// A video used again continues where its previous use ended (wrapping to its start when too
/// little is left), so repeated media show new moments. A video shorter than the slot is slowed
/// to fit, down to half speed; below that, it plays at half speed and its last frame holds.
///
/// ```
/// video  |====== 3 s ======|
/// slot   |======== 4 s ========|      speed 3/4: source [0, 3) over 4 s
/// slot   |=============== 8 s ===============|
///        source [0, 3) at 1/2 over 6 s, then the last frame for 2 s
/// ```
enum VideoFitting {
    static let minimumSpeed = RationalTime(value: 1, timescale: 2)

    struct Fit: Equatable {
        var sourceRange: TimeRange
        var speed: RationalTime
        var holdsLastFrame: Bool
        /// Where the next use of this video starts.
        var nextStart: RationalTime
    }

    /// The fit of a video `available` long, continuing from `start`, for a slot `needed` long
    /// (positive); nil when exact arithmetic overflows.
    static func fit(available: RationalTime, from start: RationalTime, needed: RationalTime) -> Fit? {
        if let remaining = available.subtractingReportingOverflow(start), remaining >= needed,
           let end = start.addingReportingOverflow(needed) {
            return Fit(sourceRange: TimeRange(start: start, duration: needed), speed: RationalTime(seconds: 1),
                       holdsLastFrame: false, nextStart: end)
        }
        // Not enough left after `start`: begin again at the start of the video.
        if available >= needed {
            return Fit(sourceRange: TimeRange(start: .zero, duration: needed), speed: RationalTime(seconds: 1),
                       holdsLastFrame: false, nextStart: needed)
        }
        guard let speed = try? available.multiplied(by: RationalTime(value: needed.timescale, timescale: needed.value)) else { return nil }
        if speed >= minimumSpeed {
            return Fit(sourceRange: TimeRange(start: .zero, duration: available), speed: speed, holdsLastFrame: false, nextStart: available)
        }
        guard let played = try? needed.multiplied(by: minimumSpeed) else { return nil }
        return Fit(sourceRange: TimeRange(start: .zero, duration: played), speed: minimumSpeed, holdsLastFrame: true,
                   nextStart: max(.zero, available))
    }
}

extension RationalTime {
    /// `self - other`, or nil when it does not fit.
    func subtractingReportingOverflow(_ other: RationalTime) -> RationalTime? {
        try? subtracting(other)
    }
}
