import DocumentJSON
import MediaTime

/// L033: only a `smart` clip has a crop path (see `CropKeyframe`): `cover` is its centre,
/// `contain` and `blurredFill` crop nothing. Centres outside 0...1 (L032) are a value's range,
/// reported where it is read.
package enum CropFitRule: TimelineRule {
    package static let code = DiagnosticCode.cropFit
    package static let groups: [TimelineRuleGroup] = [.clips]

    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        input.timeline.clips.enumerated().compactMap { i, clip in
            guard !clip.crop.isEmpty, clip.fit != .smart else { return nil }
            return problem(
                input.clipPath(i).appending("crop"),
                "a crop path is read only for fit \"smart\", and this clip's fit is \"\(clip.fit.rawValue)\"",
                fix: "set fit to \"smart\", or remove the crop path")
        }
    }
}
