import MediaTime
import TimelineModel

/// Why an edit was refused; the timeline is left as it was.
package enum EditError: Error, Sendable, Hashable, CustomStringConvertible {
    case noClip(String)
    case notOnMainTrack(String)
    case notAVideo(String)
    /// A frame or value outside what the clip allows.
    case outOfRange(String)
    /// The edit would break a rule every timeline keeps.
    case invalid(operation: String, problems: [TimelineProblem])

    package var description: String {
        switch self {
        case .noClip(let id): "no clip has the id '\(id)'"
        case .notOnMainTrack(let id): "clip '\(id)' is not on the main track"
        case .notAVideo(let id): "clip '\(id)' is a photo; only videos have a speed and a direction"
        case .outOfRange(let message): message
        case .invalid(let op, let problems): "\(op) would leave the timeline invalid: " + problems.map(\.description).joined(separator: "; ")
        }
    }
}

/// Edits a timeline the way an editor does, keeping it valid, with undo and redo.
///
/// Every operation works on a copy, checks the result as reading its file would
/// (`TimelineValidation.problems`: every rule, limit and catalog entry), and only then replaces
/// the timeline, so a refused edit changes nothing and an accepted one always renders. Main-track edits ripple: later clips
/// move to stay back to back, and transitions follow their cuts (see `TimelineLayout`). Frames are
/// counted on the timeline's frame grid from the start of the video.
package struct TimelineEditor: Sendable {
    package private(set) var timeline: Timeline
    /// What the editor knows of the media: each video's length, by its path as the timeline names
    /// it. A swap or a move keeps each cut's transition and shortens it where the clips that now
    /// meet there lack the frames it needs beyond the cut (their handles); a video not named here
    /// counts as having all it needs. The command line fills it from its check of the media.
    package var videoDurations: [String: RationalTime] = [:]
    private var undoStack: [Timeline] = []
    private var redoStack: [Timeline] = []

    /// Refuses a timeline that breaks any rule, so every later edit starts from a valid one.
    package init(_ timeline: Timeline) throws(EditError) {
        let problems = TimelineValidation.problems(timeline)
        guard problems.isEmpty else { throw .invalid(operation: "opening", problems: problems) }
        self.timeline = timeline
    }

    /// True when this editor has an edit to undo; its stacks live only as long as it does (the journal is `EditHistory`).
    package var canUndo: Bool { !undoStack.isEmpty }
    /// True when an undone edit can be made again; any new edit clears what could be redone.
    package var canRedo: Bool { !redoStack.isEmpty }

    /// Goes back one edit; false when there is none.
    @discardableResult package mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(timeline)
        timeline = previous
        return true
    }

    /// Makes the last undone edit again; false when there is none.
    @discardableResult package mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(timeline)
        timeline = next
        return true
    }

    /// Applies `change` to a copy, and keeps it only when the result is valid.
    mutating func apply(_ operation: String, _ change: (inout Timeline) throws(EditError) -> Void) throws(EditError) {
        var t = timeline
        try change(&t)
        // What an edit shortened keeps its keyframes within it, and a clip that no longer spans
        // the beats it was counted in drops its count (as `trim` does), rather than break a rule.
        KeyframeCut.fit(&t)
        for i in t.clips.indices where !MusicMapRule.beatsMatch(t.clips[i], in: t) { t.clips[i].beats = nil }
        let problems = TimelineValidation.problems(t)
        guard problems.isEmpty else { throw .invalid(operation: operation, problems: problems) }
        undoStack.append(timeline)
        redoStack.removeAll()
        timeline = t
    }

    static func index(of id: String, in t: Timeline) throws(EditError) -> Int {
        guard let i = t.clips.firstIndex(where: { $0.id == id }) else { throw .noClip(id) }
        return i
    }

    static func mainIndex(of id: String, in t: Timeline) throws(EditError) -> Int {
        let i = try Self.index(of: id, in: t)
        guard t.clips[i].layer == 0 else { throw .notOnMainTrack(id) }
        return i
    }
}
