/// The groups of values the timeline rules read, in the order they run: a group runs when every
/// value it needs read, and otherwise one note (L034) says what its rules (their codes, from
/// `TimelineRules.all`) wait for. A group with nothing to check (no items, and none unread) is
/// neither run nor noted.
package enum TimelineRuleGroup: CaseIterable, Sendable {
    case videoLength
    case clips
    /// What no rule can check while some clips did not read: always waits for them.
    case besideUnreadClips
    case clipsInVideo
    case transitions
    case textIDs
    case textsInVideo
    case overlays
    case overlaysInVideo
    case grade
    case sounds
    case soundsInVideo
    case music
    case clipBeats

    /// What the group checks, as the note names it.
    package var what: String {
        switch self {
        case .videoLength: "the rules of the video's length"
        case .clips: "the rules of the clips"
        case .besideUnreadClips: "the main track's order next to the clips that did not read, and their ids and place"
        case .clipsInVideo: "the rules of the clips' place in the video"
        case .transitions: "the rules of the transitions"
        case .textIDs: "the rules of the texts' ids"
        case .textsInVideo: "the rules of the texts' place in the video"
        case .overlays: "the rules of the overlays' ids and keyframes"
        case .overlaysInVideo: "the rules of the overlays' place in the video"
        case .grade: "the rules of the grade's keyframes"
        case .sounds: "the rules of the sounds' ids and ducking"
        case .soundsInVideo: "the rules of the sounds' place in the video"
        case .music: "the rules of the music"
        case .clipBeats: "the rules of the clips' beats"
        }
    }

    /// The values the group reads. The clips' own rules run on the clips that read, so they need
    /// all clips only when all read.
    func needs(_ input: TimelineRuleInput) -> Set<TimelineValue> {
        let clips: Set<TimelineValue> = input.partial ? [] : [.clips]
        switch self {
        case .videoLength: return [.duration]
        case .clips: return clips
        case .besideUnreadClips: return [.clips]
        case .clipsInVideo: return clips.union([.duration])
        case .transitions: return [.clips, .transitions]
        case .textIDs: return [.texts]
        case .textsInVideo: return [.texts, .duration]
        case .overlays: return [.overlays]
        case .overlaysInVideo: return [.overlays, .duration]
        case .grade: return [.grade, .duration]
        case .sounds: return [.audio]
        case .soundsInVideo: return [.audio, .duration]
        case .music: return [.music, .audio]
        case .clipBeats: return [.music, .audio, .clips]
        }
    }

    /// Whether the group has something to check: a list's rules when it has items, or some did
    /// not read; the music's when there is one (or it did not read); the group of what unread
    /// clips hide when some clips did not read.
    func applies(_ input: TimelineRuleInput) -> Bool {
        let t = input.timeline
        func has<T>(_ items: [T], _ part: TimelineValue) -> Bool { !items.isEmpty || !input.readable.contains(part) }
        switch self {
        case .videoLength, .clips, .clipsInVideo: return true
        case .besideUnreadClips: return input.partial
        case .transitions: return has(t.transitions, .transitions)
        case .textIDs, .textsInVideo: return has(t.texts, .texts)
        case .overlays, .overlaysInVideo: return has(t.overlays, .overlays)
        case .grade: return has(t.grade, .grade)
        case .sounds, .soundsInVideo: return has(t.audio, .audio)
        case .music, .clipBeats: return t.music != nil || !input.readable.contains(.music)
        }
    }
}
