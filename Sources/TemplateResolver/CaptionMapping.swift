import Captions
import DocumentJSON
import MediaTime
import TimelineModel

/// Turns caption cues into the timeline's text items, on the frame grid.
///
/// A cue shows on exactly the frames whose time lies in it: `[start, end)` snapped up to the
/// grid, so a cue from 1.01 s to 2 s at 25 fps shows on frames 26 to 49. Plain and boxed captions
/// are one text item per cue (`caption-3`); karaoke and pop are one item per word spoken
/// (`caption-3.2`), karaoke showing the whole cue with that word highlighted, pop the word alone.
/// The timeline thus says what every frame shows, each item is rasterized once, and an editor
/// can fix a word in the item that shows it.
///
/// Cues show within a window: the video, or the template's captions layer's time (a cue past its
/// end is reported as past the end of the video is; one before its start is shown from there).
///
/// Captions sit at the bottom of the style's safe area, raised above any text of the template
/// they would cover (a title at the bottom), or at the top of the area when there is no room.
package enum CaptionMapping {
    /// The text items of `track`'s cues inside `window`, on `rate`'s grid and raised clear of `titles`; the findings point into the caption file.
    package static func texts(
        _ track: CaptionTrack, style: CaptionStyle, canvas: Canvas, rate: FrameRate, window: TimeRange, titles: [TextItem],
        stacking: Int? = nil
    ) -> (texts: [TextItem], diagnostics: [Diagnostic]) {
        let duration = window.end
        var diagnostics: [Diagnostic] = []
        func warn(_ code: DiagnosticCode, _ message: String, _ cue: CaptionCue) {
            diagnostics.append(Diagnostic(.warning, code, message, at: SourceLocation(file: track.file, path: nil, line: cue.line)))
        }
        let look = style.resolvedLook(on: canvas)
        let placement = place(style: style, look: look, canvas: canvas, titles: titles)
        func item(_ id: String, _ text: String, _ range: TimeRange, highlight: TextHighlight? = nil) -> TextItem {
            TextItem(
                id: id, text: text, timelineRange: range, look: look, x: style.area.x + style.area.width / 2, y: placement.y,
                anchorX: 0.5, anchorY: placement.anchorY, maxWidth: style.area.width, maxLines: style.maxLines, layer: stacking,
                highlight: highlight)
        }
        func snapped(_ start: RationalTime, _ end: RationalTime) -> TimeRange? {
            let s = max(rate.snap(start, rounding: .up), window.start)
            let e = min(rate.snap(end, rounding: .up), duration)
            return e > s ? TimeRange(start: s, end: e) : nil
        }
        var texts: [TextItem] = []
        var number = 0
        for cue in track.cues {
            if cue.range.start >= duration {
                warn(.captionPastEnd, "the cue starts at \(CaptionTimeText.string(cue.range.start)), after the video's end; it is left out", cue)
                continue
            }
            if cue.range.end > duration {
                warn(.captionPastEnd, "the cue lasts past the video's end and is cut there", cue)
            }
            guard let range = snapped(cue.range.start, cue.range.end) else {
                warn(.captionShort, "the cue is shorter than one frame at \(rate) fps and shows on no frame", cue)
                continue
            }
            number += 1
            let id = CaptionCues.id(number)
            switch style.kind {
            case .plain, .box:
                texts.append(item(id, cue.text, range))
            case .karaoke, .pop:
                var offset = 0
                for (w, word) in cue.words.enumerated() {
                    defer { offset += word.text.count + 1 }
                    // The first word takes the cue from its start, each word lasts until the next.
                    let start = w == 0 ? cue.range.start : word.start
                    let end = w + 1 < cue.words.count ? cue.words[w + 1].start : cue.range.end
                    guard let r = snapped(start, end) else { continue }
                    let wordID = CaptionCues.id(number, word: w + 1)
                    if style.kind == .pop {
                        texts.append(item(wordID, word.text, r))
                    } else {
                        let lit = TextHighlight(start: offset, length: word.text.count, color: style.highlight)
                        texts.append(item(wordID, cue.text, r, highlight: lit))
                    }
                }
            }
        }
        return (texts, diagnostics)
    }

    /// Where the caption block's anchor goes: its bottom edge at the bottom of the safe area, or
    /// above the template's texts it would cover, or its top edge at the top of the area.
    package static func place(style: CaptionStyle, look: TextLook, canvas: Canvas, titles: [TextItem]) -> (y: Double, anchorY: Double) {
        let height = Double(max(1, canvas.height))
        let pad = look.box?.padding ?? look.stroke?.width ?? 0
        let block = (look.size * look.lineSpacing * Double(style.maxLines) + 2 * pad) / height
        let margin = 0.02
        let top = style.area.y
        var bottom = style.area.y + style.area.height
        // Vertical extents of the titles, from their size and most lines (their exact layout needs fonts).
        let extents = titles.map { t -> (top: Double, bottom: Double) in
            let lines = Double(t.maxLines ?? (t.text.split(separator: "\n", omittingEmptySubsequences: false).count))
            let h = (t.look.size * t.look.lineSpacing * lines + 2 * max(t.look.box?.padding ?? 0, t.look.stroke?.width ?? 0)) / height
            let y0 = t.y - t.anchorY * h
            return (y0, y0 + h)
        }
        for e in extents.sorted(by: { $0.bottom > $1.bottom }) where e.bottom > bottom - block - margin && e.top < bottom + margin {
            bottom = e.top - margin
        }
        if bottom - block < top { return (top, 0) }
        return (bottom, 1)
    }
}
