import DocumentJSON
import MediaTime

/// L014: clips, texts, overlays and sounds lie within the video, from 0 to its duration (texts
/// and overlays are not empty). Clips that did not read are not placed: the rule waits for them.
package enum InsideVideoRule: TimelineRule {
    /// L014: an item placed outside the video.
    package static let code = DiagnosticCode.outsideVideo
    /// One group per kind of item placed in the video; `besideUnreadClips` only names this rule while clips are unread.
    package static let groups: [TimelineRuleGroup] = [.besideUnreadClips, .clipsInVideo, .textsInVideo, .overlaysInVideo, .soundsInVideo]

    /// Items of `group` not within 0 to the video's duration (or empty, for texts and overlays), at their `timelineRange`.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        let t = input.timeline
        let whole = input.whole
        let end = TimeText.string(from: t.duration)
        func items(_ list: String, _ ranges: [TimeRange], notEmpty: Bool, message: String, fix: String) -> [TimelineProblem] {
            ranges.enumerated().compactMap { i, r in
                guard !whole.contains(r) || (notEmpty && r.isEmpty) else { return nil }
                return problem(JSONPath.root.appending(list).appending(i).appending("timelineRange"), message, fix: fix)
            }
        }
        switch group {
        case .clipsInVideo:
            return t.clips.enumerated().compactMap { i, c in
                guard !whole.contains(c.timelineRange) else { return nil }
                return problem(
                    input.clipPath(i).appending("timelineRange"), "must lie within the video (0 to \(end))", fix: "end it at the duration or earlier")
            }
        case .textsInVideo:
            return items(
                "texts", t.texts.map(\.timelineRange), notEmpty: true, message: "must be within the video and not empty",
                fix: "show it between 0 and \(end)")
        case .overlaysInVideo:
            return items(
                "overlays", t.overlays.map(\.timelineRange), notEmpty: true, message: "must be within the video and not empty",
                fix: "show it between 0 and \(end)")
        case .soundsInVideo:
            return items(
                "audio", t.audio.map(\.timelineRange), notEmpty: false, message: "must lie within the video", fix: "play it between 0 and \(end)")
        default:
            return []
        }
    }
}
