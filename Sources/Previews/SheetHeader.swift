import MediaTime
import RenderCore
import TemplateFormat
import TimelineModel

/// The header of a contact sheet: a title and the facts someone choosing or checking a template needs.
public struct SheetHeader: Sendable, Hashable {
    /// Drawn large on the first line: the template's or file's name.
    package var title: String
    /// Lines of facts drawn under the title, in order.
    package var details: [String]

    /// Any texts; the other initialisers build them from a template or a timeline.
    public init(title: String, details: [String]) {
        self.title = title
        self.details = details
    }

    /// Name, canvas, frame rate, length, slot count and music of a template's timeline.
    public init(template: Template, timeline: Timeline, placeholders: Bool) {
        var facts = Self.facts(timeline, slots: template.slots.count)
        facts.append("music: " + (template.music.map { Self.fileName($0.file) } ?? "none"))
        var details = [facts.joined(separator: "  ·  ")]
        if let d = template.description, !d.isEmpty { details.append(d) }
        if placeholders { details.append("placeholders: slot number, what it accepts and its length") }
        self.init(title: template.name, details: details)
    }

    /// The same facts read from a timeline alone.
    public init(timeline: Timeline, file: String) {
        var facts = Self.facts(timeline, slots: timeline.clips.filter { $0.layer == 0 }.count)
        let music = timeline.audio.first.map { Self.fileName($0.media) } ?? "none"
        facts.append("music: " + music)
        self.init(title: timeline.source ?? Self.fileName(file), details: [facts.joined(separator: "  ·  ")])
    }

    static func facts(_ timeline: Timeline, slots: Int) -> [String] {
        let rate = timeline.frameRate
        let fps = rate.denominator == 1 ? "\(rate.numerator)" : String(format2(rate.framesPerSecond))
        return [
            "\(timeline.canvas.width)x\(timeline.canvas.height)", "\(fps) fps", SheetCells.seconds(timeline.duration),
            "\(slots) slot\(slots == 1 ? "" : "s")",
        ]
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func format2(_ x: Double) -> String {
        let h = Int((x * 100).rounded())
        return "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)"
    }
}
