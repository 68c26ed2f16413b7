import DocumentJSON
import DocumentLimits
import MediaTime

/// One way a timeline breaks the rules every renderable timeline keeps.
package struct TimelineProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a path into the timeline document (`clips[2].sourceRange`).
    package var path: JSONPath
    /// Which rule was broken; scripts and docs/timeline-format.md match on it.
    package var code: DiagnosticCode
    /// What is wrong, with the values involved; the path is not repeated in it.
    package var message: String
    /// How to put it right.
    package var fix: String

    /// A problem at `path`; every rule gives a `fix`, so a reader always learns how to put it right.
    package init(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, fix: String) {
        self.code = code
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `error[T015]: /clips/0/speed: speed 100 is outside 1/40...4 (use a speed within 1/40...4)`:
    /// the code and JSON Pointer, as every diagnostic names them.
    package var description: String {
        "error[\(code.rawValue)]: " + (path.isRoot ? "" : "\(path.pointer): ") + message + (fix.isEmpty ? "" : " (\(fix))")
    }
}

/// The rules a timeline keeps so that it renders as written: the one rule set that reading a
/// timeline file (`TimelineCodec.decode`), the resolver's pipeline and `TimelineEditor` (which
/// refuses any edit that would break one) all check. `problems` is what reading checks, by
/// definition: the timeline is written and read back, so a value beyond `Limits` or the
/// `Catalog` is refused wherever it came from; `rules` are the checks relating values to one
/// another, which reading runs once the values they need have read.
///
/// Each rule is a type of its own in this folder (`TimelineRule`), listed once in
/// `TimelineRules.all`: L010 `MainTrackSequenceRule`, L011 `UniqueIDsRule`, L012 `FrameGridRule`,
/// L013 `SourceRangeRule`, L014 `InsideVideoRule`, L015 `TransitionJoinRule`, L016
/// `DuckedVoiceRule`, L030 `MusicMapRule`, L031 `CropTimingRule`, L033 `CropFitRule`, L046
/// `MusicRoleRule`, T015 `ExactTimesRule`, T035 `TotalDurationRule`, T052 `KeyframeTimesRule`,
/// T053 `TransitionLengthRule`.
///
/// Values of one field (ranges, catalog kinds and parameters, counts, sizes) are checked where
/// they are read, by `TimelineDecoder`, against `Limits` and the `Catalog`.
package enum TimelineValidation {
    /// Every error reading `t` back from its text would report (no files are opened: what
    /// `TimelineFileCheck` checks is the caller's); empty when `t` is a timeline `reel render` reads.
    package static func problems(_ t: Timeline) -> [TimelineProblem] {
        let read = Result { () throws(TimelineCodingError) in try TimelineCodec.decode(TimelineCodec.encode(t)) }
        guard case .failure(let error) = read else { return [] }
        return error.diagnostics.filter { $0.severity == .error }.map { d in
            TimelineProblem(d.code, d.location.path ?? .root, d.message, fix: d.notes.first ?? "")
        }
    }

    /// The rules relating a timeline's values to one another (`TimelineRules.all`), each group
    /// run when the values it reads are among `readable`; the others are listed as skipped, so a
    /// reader can say which rules wait for which broken value.
    ///
    /// `clipIndices`, when some clips did not read, says where each clip of `t` stands in the
    /// document: the rules of each clip on its own still run on those that did read (reported at
    /// their own place), and the main track's order is checked wherever no unread clip lies
    /// between two that did; what the unread clips hide is listed as skipped.
    package static func rules(
        _ t: Timeline, readable: Set<TimelineValue> = Set(TimelineValue.allCases), clipIndices: [Int]? = nil
    ) -> TimelineRuleRun {
        let input = TimelineRuleInput(t, readable: readable, clipIndices: clipIndices)
        var run = TimelineRuleRun(readable: readable)
        for group in TimelineRuleGroup.allCases where group.applies(input) {
            let rules = TimelineRules.checking(group)
            let needs = group.needs(input)
            guard needs.isSubset(of: readable) else {
                run.skip(group.what, codes: rules.map { $0.code }, waitingFor: needs.subtracting(readable))
                continue
            }
            for rule in rules { run.add(rule.check(input, in: group)) }
        }
        return run
    }
}

/// The parts of a timeline the rules read; reading names those it could not read.
package enum TimelineValue: String, Sendable, Hashable, CaseIterable, Comparable {
    case duration, clips, transitions, texts, overlays, grade, audio, music

    package static func < (a: TimelineValue, b: TimelineValue) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// The outcome of running the rules: the problems found, and the groups of rules that could not
/// run because a value they read did not read.
package struct TimelineRuleRun: Sendable {
    /// Rules not checked: what they are, their codes, and the values they wait for.
    package struct Skipped: Sendable, Hashable {
        /// The group's description, as the L034 note names it (`TimelineRuleGroup.what`).
        package var what: String
        var codes: [DiagnosticCode]
        var waitingFor: [TimelineValue]
    }

    /// The values that read; groups needing others are skipped, not run.
    package let readable: Set<TimelineValue>
    package private(set) var problems: [TimelineProblem] = []
    package private(set) var skipped: [Skipped] = []

    init(readable: Set<TimelineValue>) { self.readable = readable }

    /// Records rules as not checked: they wait for `waitingFor`, which did not read (or not all of it).
    mutating func skip(_ what: String, codes: [DiagnosticCode], waitingFor: Set<TimelineValue>) {
        skipped.append(Skipped(what: what, codes: Array(Set(codes)).sorted(), waitingFor: waitingFor.sorted()))
    }

    mutating func add(_ found: [TimelineProblem]) { problems += found }
}
