import DocumentJSON
import MediaTime

/// L033: only a `smart` clip has a crop path (see `CropKeyframe`): `cover` is its centre,
/// `contain` and `blurredFill` crop nothing. Centres outside 0...1 (L032) are a value's range,
/// reported where it is read.
package enum CropFitRule: TimelineRule {
    /// L033: a crop path on a clip that is not `smart`.
    package static let code = DiagnosticCode.cropFit
    /// Reads only the clips' fit and crop path.
    package static let groups: [TimelineRuleGroup] = [.clips]

    /// One problem per clip that is not `smart` yet has a crop path, at its `crop`.
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
