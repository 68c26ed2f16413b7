import DocumentJSON
import MediaTime

/// The rules of what lies over the main track: texts, overlays, the grade and sounds.
extension TimelineValidation {
    static func layerRules(_ t: Timeline, _ run: inout TimelineRuleRun) {
        let root = JSONPath.root
        let whole = TimeRange(start: .zero, duration: t.duration)
        /// A list's rules have something to check when it has items, or some did not read.
        let readable = run.readable
        func has<T>(_ items: [T], _ part: TimelineValue) -> Bool { !items.isEmpty || !readable.contains(part) }
        run.group("the rules of the texts' ids", needs: [.texts], applies: has(t.texts, .texts), [.duplicateID]) { report in
            uniqueIDs(t.texts.map(\.id), "texts", report)
        }
        run.group("the rules of the texts' place in the video", needs: [.texts, .duration], applies: has(t.texts, .texts), [.outsideVideo]) {
            report in
            for (i, x) in t.texts.enumerated() where !whole.contains(x.timelineRange) || x.timelineRange.isEmpty {
                report(
                    .outsideVideo, root.appending("texts").appending(i).appending("timelineRange"), "must be within the video and not empty",
                    fix: "show it between 0 and \(TimeText.string(from: t.duration))")
            }
        }
        run.group(
            "the rules of the overlays' ids and keyframes", needs: [.overlays], applies: has(t.overlays, .overlays), [.duplicateID, .keyframeOrder]
        ) { report in
            uniqueIDs(t.overlays.map(\.id), "overlays", report)
            for (i, x) in t.overlays.enumerated() {
                let p = root.appending("overlays").appending(i)
                for problem in KeyframeRules.motion(x.motion, length: x.timelineRange.duration, of: "overlay", at: p.appending("motion")) {
                    report(problem.code, problem.path, problem.message, fix: problem.fix)
                }
            }
        }
        run.group(
            "the rules of the overlays' place in the video", needs: [.overlays, .duration], applies: has(t.overlays, .overlays), [.outsideVideo]
        ) { report in
            for (i, x) in t.overlays.enumerated() where !whole.contains(x.timelineRange) || x.timelineRange.isEmpty {
                report(
                    .outsideVideo, root.appending("overlays").appending(i).appending("timelineRange"), "must be within the video and not empty",
                    fix: "show it between 0 and \(TimeText.string(from: t.duration))")
            }
        }
        run.group("the rules of the grade's keyframes", needs: [.grade, .duration], applies: has(t.grade, .grade), [.keyframeOrder]) { report in
            for (i, e) in t.grade.enumerated() {
                let p = root.appending("grade").appending(i)
                for problem in KeyframeRules.animation(e, length: t.duration, of: "video", at: p) {
                    report(problem.code, problem.path, problem.message, fix: problem.fix)
                }
            }
        }
        run.group("the rules of the sounds' ids and ducking", needs: [.audio], applies: has(t.audio, .audio), [.duplicateID, .duckedVoice]) {
            report in
            uniqueIDs(t.audio.map(\.id), "audio", report)
            for (i, x) in t.audio.enumerated() where x.role == .voice && x.ducking != nil {
                report(
                    .duckedVoice, root.appending("audio").appending(i).appending("ducking"),
                    "a voice is what ducking listens to; it cannot be ducked itself",
                    fix: "remove \"ducking\" from it, or make its role music or effect")
            }
        }
        run.group("the rules of the sounds' place in the video", needs: [.audio, .duration], applies: has(t.audio, .audio), [.outsideVideo]) {
            report in
            for (i, x) in t.audio.enumerated() where !whole.contains(x.timelineRange) {
                report(
                    .outsideVideo, root.appending("audio").appending(i).appending("timelineRange"), "must lie within the video",
                    fix: "play it between 0 and \(TimeText.string(from: t.duration))")
            }
        }
    }
}
