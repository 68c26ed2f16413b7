import DocumentJSON
import MediaTime

/// L046: the `music`'s `audio` names a sound whose role is music: beats belong to the song, so a
/// voice or an effect under them is a mistaken id. (Naming no sound at all is L030's.)
package enum MusicRoleRule: TimelineRule {
    /// L046: music whose `audio` names a voice or an effect.
    package static let code = DiagnosticCode.musicRole
    /// Reads only the music map and the sound it names.
    package static let groups: [TimelineRuleGroup] = [.music]

    /// One problem, at `music.audio`, when the sound named has a role other than music; none when it names no sound.
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
