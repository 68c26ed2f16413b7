import FileAccess
import Foundation
import MediaIO
import MediaTime
import RenderCore
import TemplateFormat
import TemplateResolver
import TimelineModel

/// Stand-in pictures for a template previewed without media: one per slot, showing its number,
/// what it accepts and its length, in a temporary folder removed with this object.
///
/// The template is resolved against these pictures like against real media, so the preview goes
/// through the same resolver and render core as a video; only each main-track clip's media is then
/// pointed at its own slot's picture, whatever kind the slot asked for.
public final class PlaceholderMedia {
    private let scratch: ScratchFolder
    /// The scratch folder holding the pictures; removed with this object.
    package var folder: String { scratch.path }
    /// Picture path for each slot, in slot order; each is drawn by `timeline(template:templateFolder:options:)`.
    package let paths: [String]
    private let width: Int
    private let height: Int

    /// Makes the folder for the pictures, drawn later at the canvas shape, `width` pixels wide.
    package init(template: Template, width: Int = 540) throws(FileAccessError) {
        scratch = try ScratchFolder(purpose: "placeholders")
        self.width = max(64, width) & ~1
        self.height =
            max(64, Int((Double(self.width) * Double(template.canvas.height) / Double(max(1, template.canvas.width))).rounded())) & ~1
        var paths: [String] = []
        for i in template.slots.indices {
            paths.append(try scratch.file("slot-\(i + 1).png"))
        }
        self.paths = paths
    }

    /// Why placeholders could not stand in: the template did not resolve, or a picture could not be written.
    package enum Failure: Error, Sendable {
        case resolve(ResolveError)
        case media(FileAccessError)
    }

    /// Facts of the pictures, in slot order, to resolve the template against.
    package func assets(template: Template) -> [MediaAsset] {
        let w = template.canvas.width
        let h = template.canvas.height
        return paths.map { MediaAsset(path: $0, kind: .image, duration: nil, displayWidth: w, displayHeight: h) }
    }

    /// The template resolved against the placeholders (with `options`: its texts, the music's
    /// length), each main-track clip showing its own slot's picture.
    ///
    /// The pictures are drawn after resolving, each with the length its clip has in the timeline
    /// (a slot of "2 beats" is snapped to whole frames), so a picture and the sheet's label under
    /// it say the same length: both come from `clip.timelineRange`.
    package func timeline(template: Template, templateFolder: String, options: ResolveOptions = ResolveOptions()) throws(Failure) -> Timeline {
        var options = options
        options.useAll = false
        var timeline: Timeline
        do {
            timeline = try Resolver.resolve(template: template, templateFolder: templateFolder, media: assets(template: template), options: options)
                .timeline
        } catch { throw .resolve(error) }
        let slotIndex = Dictionary(template.slots.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var lengths = template.slots.map(\.duration)
        for i in timeline.clips.indices {
            guard let slot = slotIndex[timeline.clips[i].id] else { continue }
            var clip = timeline.clips[i]
            lengths[slot] = clip.timelineRange.duration
            clip.media = paths[slot]
            clip.kind = .image
            clip.sourceRange = TimeRange(start: .zero, duration: clip.timelineRange.duration)
            clip.speed = RationalTime(seconds: 1)
            clip.reverse = false
            clip.loop = false
            clip.orientation = .upright
            timeline.clips[i] = clip
        }
        do {
            let text = try SheetTextPainter()
            for (i, slot) in template.slots.enumerated() {
                let picture = try Self.picture(slot: slot, number: i + 1, length: lengths[i], width: width, height: height, text: text)
                try PNGFile.write(picture.rgbaImage(), to: paths[i])
            }
        } catch { throw .media(error) }
        return timeline
    }

    /// A muted colour per slot (hues a golden angle apart, so neighbours differ), the number large,
    /// what the slot accepts and `length` (the clip's, in the timeline) below.
    static func picture(slot: SlotSpec, number: Int, length: RationalTime, width: Int, height: Int, text: SheetTextPainter) throws(FileAccessError)
        -> Picture
    {
        let picture = Picture(width: width, height: height)
        let hue = (Double(number - 1) * 137.508).truncatingRemainder(dividingBy: 360)
        let (r, g, b) = rgb(hue: hue, saturation: 0.35, value: 0.42)
        picture.fill(red: r, green: g, blue: b)
        let accepts: String
        switch slot.accepts {
        case .any: accepts = "video or photo"
        case .video: accepts = "video"
        case .image: accepts = "photo"
        }
        let big = Double(min(width, height)) * 0.42
        let small = Double(min(width, height)) * 0.085
        try text.centred("\(number)", on: picture, centreY: Int(Double(height) * 0.42), size: big, bold: true)
        try text.centred(accepts, on: picture, centreY: Int(Double(height) * 0.42 + big * 0.62), size: small, bold: false)
        try text.centred(
            SheetCells.seconds(length), on: picture, centreY: Int(Double(height) * 0.42 + big * 0.62 + small * 1.5),
            size: small, bold: false)
        return picture
    }

    static func rgb(hue: Double, saturation s: Double, value v: Double) -> (UInt8, UInt8, UInt8) {
        let c = v * s
        let x = c * (1 - abs((hue / 60).truncatingRemainder(dividingBy: 2) - 1))
        let m = v - c
        let (r, g, b): (Double, Double, Double)
        switch Int(hue / 60) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        func byte(_ t: Double) -> UInt8 { UInt8(max(0, min(255, ((t + m) * 255).rounded()))) }
        return (byte(r), byte(g), byte(b))
    }
}
