import MediaTime
import RenderCore
import TemplateCore

/// What the gallery page says about one template: its facts, its validation status, its images.
public struct GalleryEntry: Sendable, Hashable {
    /// Folder name, which also names its image files.
    public var folderName: String
    public var title: String
    public var description: String?
    /// Canvas, frame rate, length and slot count in words, empty for an invalid template.
    public var facts: [String]
    /// One line per slot, in order: id, what it accepts, its length.
    public var slots: [String]
    /// Keys of the texts to fill (`--text key=...`).
    public var texts: [String]
    public var music: String?
    /// Error and warning messages from validation; the template is valid when none is an error.
    public var findings: [String]
    public var isValid: Bool
    /// File names, inside the site folder, of the contact sheet and the animated preview.
    public var sheet: String?
    public var animation: String?

    public init(
        folderName: String, title: String, description: String? = nil, facts: [String] = [], slots: [String] = [],
        texts: [String] = [], music: String? = nil, findings: [String] = [], isValid: Bool, sheet: String? = nil,
        animation: String? = nil
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
    }

    /// The facts of a loaded template.
    public init(folderName: String, template: Template, timeline: Timeline, findings: [String], sheet: String?, animation: String?) {
        let slots = template.slots.enumerated().map { i, slot in
            let kind = slot.accepts == .any ? "video or photo" : slot.accepts == .video ? "video" : "photo"
            return "\(slot.id): \(kind), \(SheetCells.seconds(slot.duration))"
        }
        self.init(
            folderName: folderName, title: template.name, description: template.description,
            facts: SheetHeader.facts(timeline, slots: template.slots.count), slots: slots, texts: template.textKeys,
            music: template.music.map { SheetHeader.fileName($0.file) }, findings: findings, isValid: true,
            sheet: sheet, animation: animation)
    }
}
