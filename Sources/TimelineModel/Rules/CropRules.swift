import DocumentJSON
import MediaTime

/// The rules of a clip's crop path (see `CropKeyframe`), part of `TimelineValidation`:
///
/// - only a `smart` clip has one (L033): `cover` is its centre, `contain` and `blurredFill` crop
///   nothing;
/// - its times lie within the clip, from 0 to its timeline duration, and increase (L031).
///
/// Centres outside 0...1 (L032) are a value's range, reported where it is read.
package enum CropRules {
    package static func problems(_ clip: VideoClip, at path: JSONPath) -> [TimelineProblem] {
        guard !clip.crop.isEmpty else { return [] }
        let p = path.appending("crop")
        guard clip.fit == .smart else {
            return [
                TimelineProblem(
                    .cropFit, p, "a crop path is read only for fit \"smart\", and this clip's fit is \"\(clip.fit.rawValue)\"",
                    fix: "set fit to \"smart\", or remove the crop path")
            ]
        }
        var found: [TimelineProblem] = []
        let length = clip.timelineRange.duration
        for (i, k) in clip.crop.enumerated() {
            let tp = p.appending(i).appending("time")
            if k.time.isNegative || k.time > length {
                found.append(
                    TimelineProblem(
                        .cropTiming, tp, "\(TimeText.string(from: k.time)) is outside the clip (0 to \(TimeText.string(from: length)))",
                        fix: "use a time from the clip's start, at most its duration"))
            } else if i > 0, k.time <= clip.crop[i - 1].time {
                found.append(
                    TimelineProblem(
                        .cropTiming, tp, "crop keyframe times must increase",
                        fix: "make it later than \(TimeText.string(from: clip.crop[i - 1].time))"))
            }
        }
        return found
    }
}
