import DocumentJSON
import MediaTime

/// One rule a timeline keeps so that it renders as written: its code, the groups of values it
/// reads, and its check, whose every problem carries a fix note. Each rule is a type of its own,
/// in a file of its own in this folder, listed once in `TimelineRules.all`: the list that reading
/// a timeline (`TimelineCodec.decode`), the resolver's pipeline and `TimelineEditor` all run,
/// through `TimelineValidation`.
///
/// A rule reads values of several parts (a clip's ids, a text's), grouped as
/// `TimelineRuleGroup`: a group runs when the values it reads did read, and otherwise a note
/// (L034) names the codes of its rules and what they wait for.
package protocol TimelineRule {
    /// The code of every problem the rule finds; no other rule has it.
    static var code: DiagnosticCode { get }
    /// The groups of values it checks, among `TimelineRuleGroup.allCases`.
    static var groups: [TimelineRuleGroup] { get }
    /// Its problems among the values `group` reads, in the order of the document.
    static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem]
}

extension TimelineRule {
    /// A problem of this rule: its code, where, what, and how to put it right.
    package static func problem(_ path: JSONPath, _ message: String, fix: String) -> TimelineProblem {
        TimelineProblem(code, path, message, fix: fix)
    }
}

/// What the rules read: the timeline, and where each of its clips stands in the document when
/// some did not read.
package struct TimelineRuleInput {
    /// The timeline as read; with `partial`, its clips are only those that read.
    package let timeline: Timeline
    /// The parts of the timeline that read.
    package let readable: Set<TimelineValue>
    /// True when some clips did not read: `timeline.clips` holds the others.
    package let partial: Bool
    private let indices: [Int]?
    /// The main-track clips, in order, and the place of each id among them (its first).
    let mainTrack: [VideoClip]
    private let mainIndex: [String: Int]

    init(_ t: Timeline, readable: Set<TimelineValue>, clipIndices: [Int]?) {
        timeline = t
        self.readable = readable
        indices = clipIndices.flatMap { $0.count == t.clips.count ? $0 : nil }
        partial = indices != nil
        mainTrack = t.clips.filter { $0.layer == 0 }
        var index: [String: Int] = [:]
        for (i, c) in mainTrack.enumerated() where index[c.id] == nil { index[c.id] = i }
        mainIndex = index
    }

    /// The timeline's frame rate, whose grid the rules hold times to.
    package var rate: FrameRate { timeline.frameRate }
    /// The video, from 0 to its duration.
    package var whole: TimeRange { TimeRange(start: .zero, duration: timeline.duration) }

    /// Where the clip at `i` of `timeline.clips` stands in the document.
    package func place(_ i: Int) -> Int { indices?[i] ?? i }

    /// The path of the clip at `i` of `timeline.clips` in the document.
    func clipPath(_ i: Int) -> JSONPath { JSONPath.root.appending("clips").appending(place(i)) }

    /// The two main-track clips `transition` joins, consecutive, in order; nil when it joins no
    /// such two (L015).
    package func joined(by transition: Transition) -> (from: VideoClip, to: VideoClip)? {
        guard let a = mainIndex[transition.from], let b = mainIndex[transition.to], b == a + 1 else { return nil }
        return (mainTrack[a], mainTrack[b])
    }
}
