import DocumentJSON
import EffectCatalog
import MediaTime
import TimelineModel

/// Rules that look across parts: transitions against the slots beside them, the cover time and
/// layers against the video's length, music against it, texts against their box.
///
/// They run on what each part yielded (`PartFacts`), whatever else is broken: a rule is skipped
/// only when a value it needs is unusable, and then a note (T070) says which and why.
extension TemplateDecoder {
    mutating func checkAcrossParts() {
        checkTransitions(facts.slots)
        let total = facts.total
        let unknownLength =
            facts.firstSlotWithoutDuration.map {
                "\($0.name) has no usable duration (\($0.path.appending("duration").pointer)), so the video's length is not known"
            } ?? "the slots have an error, so the video's length is not known"
        if let cover = facts.cover {
            if let total {
                if cover.isNegative || cover >= total {
                    context.error(
                        .outOfRange, "cover time \(TimeText.string(from: cover)) is outside the video (0s up to \(TimeText.string(from: total)))",
                        at: JSONPath.root.appending("cover"), notes: ["pick a moment inside the video for its poster frame"])
                }
            } else {
                skipped("the cover time is not checked against the video's length", at: JSONPath.root.appending("cover"), because: unknownLength)
            }
        }
        for layer in facts.layers {
            if let start = layer.start, let duration = layer.duration {
                if let total {
                    checkTiming(of: layer, start: start, duration: duration, total: total)
                } else if layer.isTimed {
                    skipped(
                        "the start and duration of \(layer.name) are not checked against the video's length", at: layer.path.appending("start"),
                        because: unknownLength)
                }
            }
            if let text = layer.fit {
                if let canvas = facts.canvas {
                    checkFit(text, canvas: canvas, at: layer.path)
                } else {
                    skipped(
                        "whether the text of \(layer.name) fits is not checked", at: layer.path.appending("text"),
                        because: "the fit needs the canvas size, which has an error")
                }
            } else if layer.fitBroken {
                skipped(
                    "whether the text of \(layer.name) fits is not checked", at: layer.path,
                    because: "the fit needs its text, size, minSize, maxWidth, maxLines and box, and one of them has an error")
            }
        }
        if let music = facts.musicLength, !music.loop, let inspector,
            let length = inspector.audioDuration(of: AssetPath.join(folder, music.file))
        {
            if let total {
                checkMusicLength(length, start: music.start, total: total)
            } else {
                skipped(
                    "the music's length is not checked against the video's", at: JSONPath.root.appending("music").appending("file"),
                    because: unknownLength)
            }
        }
    }

    /// A transition is centred on its cut and may use at most half of each slot beside it, so
    /// the two transitions of a slot never overlap.
    private mutating func checkTransitions(_ slots: [SlotFacts]) {
        for (i, slot) in slots.enumerated() {
            guard let transition = slot.transition, transition.kind != "cut" else { continue }
            let transitionPath = slot.path.appending("transition")
            guard i + 1 < slots.count else {
                context.report(
                    .warning, .transitionAtEnd, "the last slot has a \(transition.kind) transition, but no slot follows it",
                    at: transitionPath, notes: ["remove the transition; to fade out the video, use a filter or the music's fadeOut"])
                continue
            }
            let next = slots[i + 1]
            guard let here = slot.duration, let there = next.duration else {
                let missing = slot.duration == nil ? slot : next
                skipped(
                    "the \(transition.kind)'s length is not checked against the slots beside it", at: transitionPath,
                    because: "\(missing.name) has no usable duration (\(missing.path.appending("duration").pointer))")
                continue
            }
            let shorter = min(here, there)
            let limit = TransitionDuration.halfOfShorter(here, there)
            // The duration read is within `TransitionDuration.allowed`: only the half can be passed.
            if TransitionDuration.isTooLong(transition.duration, between: here, and: there) {
                let which = here <= there ? "this slot" : next.id.map { "the next slot ('\($0)')" } ?? "the next slot"
                context.error(
                    .transitionTooLong,
                    "\(transition.kind) of \(TimeText.string(from: transition.duration)) is longer than half of \(which) (\(TimeText.string(from: shorter)))",
                    at: transitionPath, notes: ["use a duration of at most \(TimeText.string(from: limit)), or lengthen the slots"])
            }
        }
    }

    private mutating func checkTiming(of layer: LayerFacts, start: RationalTime, duration: RationalTime?, total: RationalTime) {
        let id = layer.id ?? ""
        if start >= total {
            context.error(
                .layerTiming,
                "layer '\(id)' starts at \(TimeText.string(from: start)), at or after the end of the video (\(TimeText.string(from: total)))",
                at: layer.path.appending("start"), notes: ["start it before \(TimeText.string(from: total))"])
        } else if let duration, let end = start.addingReportingOverflow(duration), end > total {
            context.report(
                .warning, .layerPastEnd,
                "layer '\(id)' ends at \(TimeText.string(from: end)), after the video (\(TimeText.string(from: total))); it is cut there",
                at: layer.path.appending("duration"), notes: ["leave \"duration\" out to last until the end of the video"])
        }
    }

    /// An estimate without the font: glyphs average 0.55 em wide and lines are 1.2 em apart,
    /// which is close for the sans-serif faces templates use. The renderer measures exactly;
    /// this catches texts that clearly cannot fit.
    static let averageAdvance = 0.55
    package static let lineHeight = 1.2

    private mutating func checkFit(_ text: TextLayerSpec, canvas: Canvas, at path: JSONPath) {
        let boxWidth = text.maxWidth * Double(canvas.width) - 2 * (text.look.box?.padding ?? 0)
        let lines = Self.wrappedLines(text.text, size: text.minSize, width: boxWidth)
        let tooWide = lines == nil
        let tooMany = (lines ?? 0) > text.maxLines
        // What is drawn: at most maxLines lines, the rest cut.
        let shown = min(lines ?? 0, text.maxLines)
        let tooTall = Double(shown) * text.minSize * Self.lineHeight > Double(canvas.height)
        guard tooWide || tooMany || tooTall else { return }
        let size = Catalog.number(text.minSize)
        var message: String
        if tooWide {
            // The renderer breaks such a word between characters, and cuts what then needs too many lines.
            message =
                "a word is wider than the box even at its minimum size \(size): it will be broken between characters at render time (and cut with \"…\" if that makes more than \(text.maxLines) \(text.maxLines == 1 ? "line" : "lines"))"
        } else if tooMany {
            message =
                "the text needs \(lines ?? 0) lines at its minimum size \(size), more than maxLines (\(text.maxLines)): it will be cut with \"…\" at the end of line \(text.maxLines) at render time"
            if tooTall { message += ", and even those lines are taller than the canvas" }
        } else {
            message =
                "the text's \(shown) \(shown == 1 ? "line is" : "lines are") taller than the canvas at its minimum size \(size): it will run off the canvas"
        }
        context.report(
            .warning, .textFit, message,
            at: path.appending("text"), notes: ["shorten the text, widen \"maxWidth\", allow more \"maxLines\", or lower \"minSize\""])
    }

    /// Lines the text wraps onto at `size` in `width` pixels; nil when one word alone is too wide.
    static func wrappedLines(_ text: String, size: Double, width: Double) -> Int? {
        let em = size * averageAdvance
        var lines = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            var used = 0.0
            for word in paragraph.split(separator: " ") {
                let w = Double(word.count) * em
                if w > width { return nil }
                let needed = used == 0 ? w : used + em + w
                if needed > width {
                    lines += 1
                    used = w
                } else {
                    used = needed
                }
            }
        }
        return lines
    }

    private mutating func checkMusicLength(_ length: RationalTime, start: RationalTime, total: RationalTime) {
        let available = length.subtractingReportingOverflow(start) ?? .zero
        guard available < total else { return }
        context.report(
            .warning, .musicShort,
            "the music lasts \(TimeText.string(from: available.rounded(toTimescale: 1000, rule: .down))) from its start, shorter than the video (\(TimeText.string(from: total))); the end is silent",
            at: JSONPath.root.appending("music").appending("file"),
            notes: ["use a longer track, an earlier \"start\", or \"loop\": true"])
    }
}
