import DocumentJSON
import MediaTime
import TimelineModel

/// Music that does not loop lasts, from its start, as long as the video (T046); else the end is
/// silent. Measured on the file when the template is checked with its folder.
package enum MusicLengthRule: TemplateRule {
    package static let code = DiagnosticCode.musicShort
    package static let part = TemplatePart.music

    package static func check(_ input: TemplateRuleInput, item: Int) -> [TemplateFinding] {
        guard let music = input.facts.musicLength, !music.loop, let inspector = input.inspector,
            let length = inspector.audioDuration(of: AssetPath.join(input.folder, music.file))
        else { return [] }
        let path = JSONPath.root.appending("music").appending("file")
        guard let total = input.facts.total else {
            return [.skipped("the music's length is not checked against the video's", at: path, because: input.unknownLength)]
        }
        let available = length.subtractingReportingOverflow(music.start) ?? .zero
        guard available < total else { return [] }
        return [
            .problem(
                .warning,
                "the music lasts \(TimeText.string(from: available.rounded(toTimescale: 1000, rule: .down))) from its start, shorter than the video (\(TimeText.string(from: total))); the end is silent",
                at: path, notes: ["use a longer track, an earlier \"start\", or \"loop\": true"])
        ]
    }
}
