import DocumentJSON
import MediaTime

/// L046: the `music`'s `audio` names a sound whose role is music: beats belong to the song, so a
/// voice or an effect under them is a mistaken id. (Naming no sound at all is L030's.)
package enum MusicRoleRule: TimelineRule {
    package static let code = DiagnosticCode.musicRole
    package static let groups: [TimelineRuleGroup] = [.music]

    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        guard let sound = MusicSound(of: input.timeline), sound.first.role != .music else { return [] }
        return [
            problem(
                JSONPath.root.appending("music").appending("audio"),
                "names '\(sound.map.audio)', a sound whose role is \(sound.first.role.rawValue), not music",
                fix: "give the id of the music's sound (its role \"music\") in \"audio\"")
        ]
    }
}
