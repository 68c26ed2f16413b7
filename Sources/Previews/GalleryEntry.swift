import MediaTime
import RenderCore
import TemplateFormat
import TimelineModel

/// What the gallery page says about one template: its facts, its validation status, its images.
package struct GalleryEntry: Sendable, Hashable {
    /// Folder name, which also names its image files.
    var folderName: String
    /// The template's name as its page shows it.
    package var title: String
    package var description: String?
    /// Canvas, frame rate, length and slot count in words, empty for an invalid template.
    package var facts: [String]
    /// Canvas size (`1080x1920`) and length (`12.5 s`) for the card, nil for an invalid template.
    package var canvas: String?
    /// Length in words (`12.5 s`) for the card; nil for an invalid template.
    package var length: String?
    /// One line per slot, in order: id, what it accepts, its length.
    package var slots: [String]
    /// Keys of the texts to fill (`--text key=...`).
    package var texts: [String]
    /// File name of the template's music, nil when it has none.
    package var music: String?
    /// Error and warning messages from validation; the template is valid when none is an error.
    package var findings: [String]
    /// False when a finding is an error; the entry then has no pictures.
    package var isValid: Bool
    /// File names, inside the site folder, of the contact sheet and the animated preview.
    /// The template's own page (`page`) is always written.
    package var sheet: String?
    /// File name of the animated preview (GIF); nil when none was made.
    package var animation: String?

    /// File name, inside the site folder, of the template's own page: `<folder name>.sheet.html`,
    /// which no other file of the site can be named.
    package var page: String { "\(folderName).sheet.html" }

    /// Defaults describe an entry with nothing listed; `folderName` must be a plain folder name, since it names files.
    package init(
        folderName: String, title: String, description: String? = nil, facts: [String] = [], slots: [String] = [],
        texts: [String] = [], music: String? = nil, findings: [String] = [], isValid: Bool, sheet: String? = nil,
        animation: String? = nil, canvas: String? = nil, length: String? = nil
    ) {
        self.folderName = folderName
        self.title = title
        self.description = description
        self.facts = facts
        self.slots = slots
        self.texts = texts
        self.music = music
        self.findings = findings
        self.isValid = isValid
        self.sheet = sheet
        self.animation = animation
        self.canvas = canvas
        self.length = length
    }

    /// The facts of a loaded template.
    package init(folderName: String, template: Template, timeline: Timeline, findings: [String], sheet: String?, animation: String?) {
        let slots = template.slots.enumerated().map { i, slot in
            let kind = slot.accepts == .any ? "video or photo" : slot.accepts == .video ? "video" : "photo"
            // The clip's length in the timeline, as the sheet's labels and placeholders say it.
            let clip = timeline.clips.first { $0.layer == 0 && $0.id == slot.id }
            return "\(slot.id): \(kind), \(SheetCells.seconds(clip?.timelineRange.duration ?? slot.duration))"
        }
        self.init(
            folderName: folderName, title: template.name, description: template.description,
            facts: SheetHeader.facts(timeline, slots: template.slots.count), slots: slots, texts: template.textKeys,
            music: template.music.map { SheetHeader.fileName($0.file) }, findings: findings, isValid: true,
            sheet: sheet, animation: animation, canvas: "\(timeline.canvas.width)x\(timeline.canvas.height)",
            length: SheetCells.seconds(timeline.duration))
    }
}
