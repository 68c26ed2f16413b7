import DocumentJSON
import MediaTime
import TimelineModel

/// The voice and each sound start before the video ends (T080, a warning): one that starts at or
/// after the end is never heard. Not checked when the video's length is unknown: the slots' own
/// errors say why.
package enum SoundStartRule: TemplateRule {
    package static let code = DiagnosticCode.soundPastEnd
    package static let part = TemplatePart.sounds

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        let sound = input.facts.soundStarts[item]
        guard let total = input.facts.total, sound.start >= total else { return [] }
        return [
            .problem(
                .warning,
                "\(sound.what) is \(TimeText.string(from: sound.start)), at or after the end of the video (\(TimeText.string(from: total))); it is not heard",
                at: sound.path, notes: ["start it before \(TimeText.string(from: total))"])
        ]
    }
}
