import DocumentJSON
import MediaTime

/// What the template rules read: the facts of each part, and where the template's files are.
package struct TemplateRuleInput {
    /// What each part yielded, whatever else is broken.
    package let facts: PartFacts
    /// The template's folder, where the music file is measured and the unused files are listed.
    package let folder: String
    /// Measures media files; nil when a document is checked without its folder's files.
    package let inspector: (any AssetInspector)?
    /// Real paths of the files the template uses, or that a fix note proposed: never called unused.
    package let accountedFiles: Set<String>

    /// How many items of `part` the rules look at.
    func count(of part: TemplatePart) -> Int {
        switch part {
        case .slots: facts.slots.count
        case .layers: facts.layers.count
        case .sounds: facts.soundStarts.count
        case .cover, .music, .folder: 1
        }
    }

    /// Why a rule that needs the video's length waits: the first slot without a usable duration.
    var unknownLength: String {
        facts.firstSlotWithoutDuration.map {
            "\($0.name) has no usable duration (\($0.path.appending("duration").pointer)), so the video's length is not known"
        } ?? "the slots have an error, so the video's length is not known"
    }
}
