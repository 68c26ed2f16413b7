import DocumentJSON
import MediaTime
import TemplateResolver
import TimelineModel

/// A timeline as `reel edit <t> list` shows it: its parts, numbered as edits name them (main-track
/// clips from 1), as lines for people and as one JSON value for programs.
///
/// The lines hold the document's texts, ids and paths as they are: whoever shows them shows
/// control characters as codes (the command line's `VisibleText`).
package struct EditListing: Sendable {
    /// The timeline listed, as read.
    package let timeline: Timeline

    /// Lists `timeline`.
    package init(_ timeline: Timeline) { self.timeline = timeline }

    /// The main-track clips in order: clip n of an edit is `mainClips[n - 1]`.
    package var mainClips: [VideoClip] { timeline.clips.filter { $0.layer == 0 } }

    /// One line a part: the canvas and length, then the main track, layers, transitions, texts,
    /// overlays, sounds and beats, each heading only when it has parts.
    package var lines: [String] {
        let t = timeline
        let main = mainClips
        var lines: [String] = []
        func out(_ line: String) { lines.append(line) }
        out(
            "\(t.canvas.width)x\(t.canvas.height), \(TimeText.ratioString(from: t.frameRate.frameDuration)) s a frame, \(Self.clock(t.duration)) long"
        )
        out("main track:")
        for (n, c) in main.enumerated() { out("  \(n + 1)  " + Self.describe(c)) }
        let upper = t.clips.filter { $0.layer > 0 }
        if !upper.isEmpty {
            out("layers:")
            for c in upper { out("  layer \(c.layer)  " + Self.describe(c)) }
        }
        if !t.transitions.isEmpty {
            out("transitions:")
            for tr in t.transitions {
                let n = main.firstIndex { $0.id == tr.from }.map { "\($0 + 1)" } ?? tr.from
                out("  after \(n)  \(tr.kind)  \(Self.span(tr.range))  (\(tr.from) → \(tr.to))")
            }
        }
        if !t.texts.isEmpty {
            out("texts:")
            for x in t.texts { out("  \(x.id)  \"\(x.text)\"  \(Self.span(x.timelineRange))") }
        }
        if !t.overlays.isEmpty {
            out("overlays:")
            for o in t.overlays { out("  \(o.id)  \(o.media)  \(Self.span(o.timelineRange))") }
        }
        if !t.audio.isEmpty {
            out("sound:")
            for a in t.audio {
                out("  \(a.id)  \(a.media)  \(Self.span(a.timelineRange)) from \(Self.clock(a.sourceStart))  volume \(a.volume)")
            }
        }
        if let m = t.music {
            let tempo = m.tempo.map { "\((($0 * 10).rounded() / 10)) bpm, " } ?? ""
            out(
                "beats: \(tempo)\(m.beats.count) beats, \(m.downbeats.count) bars, \(m.sections.count) sections (song \(Self.clock(m.songStart))-\(Self.clock(m.songEnd)))"
            )
            let counted = main.enumerated().compactMap { n, c in c.beats.map { "\(n + 1): \(TimeText.ratioString(from: $0))" } }
            if !counted.isEmpty { out("  clips in beats  " + counted.joined(separator: "  ")) }
        }
        return lines
    }

    /// The timeline's parts as `list --format json` prints them: clips (with their number on the
    /// main track), transitions, texts and sounds, times as the timeline writes them.
    package var json: JSONValue {
        let t = timeline
        let main = mainClips
        let clips = t.clips.map { c -> JSONValue in
            var o = JSONObject([
                "id": .string(c.id), "kind": .string(c.kind == .image ? "image" : "video"), "media": .string(c.media),
                "layer": .number(JSONNumber(c.layer)), "start": .string(TimeText.string(from: c.timelineRange.start)),
                "end": .string(TimeText.string(from: c.timelineRange.end)), "fit": .string(c.fit.rawValue),
            ])
            if !c.crop.isEmpty { o["crop"] = .number(JSONNumber(c.crop.count)) }
            if let n = main.firstIndex(where: { $0.id == c.id }) { o["number"] = .number(JSONNumber(n + 1)) }
            return .object(o)
        }
        let transitions = t.transitions.map { tr -> JSONValue in
            .object(
                JSONObject([
                    "kind": .string(tr.kind), "from": .string(tr.from), "to": .string(tr.to),
                    "start": .string(TimeText.string(from: tr.range.start)), "end": .string(TimeText.string(from: tr.range.end)),
                ]))
        }
        let texts = t.texts.map { x -> JSONValue in .object(JSONObject(["id": .string(x.id), "text": .string(x.text)])) }
        let audio = t.audio.map { a -> JSONValue in .object(JSONObject(["id": .string(a.id), "media": .string(a.media)])) }
        return .object(
            JSONObject([
                "clips": .array(clips), "transitions": .array(transitions), "texts": .array(texts), "audio": .array(audio),
                "duration": .string(TimeText.string(from: t.duration)),
            ]))
    }

    private static func describe(_ c: VideoClip) -> String {
        var line = "\(c.id)  \(c.kind == .image ? "photo" : "video")  \(c.media)  \(span(c.timelineRange))"
        if c.kind == .video {
            line += "  source \(clock(c.sourceRange.start))"
            if c.speed != RationalTime(seconds: 1) { line += "  speed \(TimeText.ratioString(from: c.speed))" }
            if c.reverse { line += "  reversed" }
            line += c.volume == 0 ? "  muted" : "  volume \(c.volume)"
        }
        if c.orientation.rotation != 0 { line += "  rotated \(c.orientation.rotation)°" }
        if !c.filters.isEmpty { line += "  filters " + c.filters.map(\.kind).joined(separator: ", ") }
        if c.fit == .smart { line += "  " + framing(c) }
        return line
    }

    /// `framed smart at 0.81, 0.5` for a still window, `framed smart, window 0.2, 0.5 → 0.8, 0.5 (12 keyframes)` for a moving one.
    private static func framing(_ c: VideoClip) -> String {
        guard let first = c.crop.first, let last = c.crop.last else { return "framed smart at the centre" }
        func point(_ k: CropKeyframe) -> String { "\(k.x), \(k.y)" }
        if c.crop.count == 1 { return "framed smart at \(point(first))" }
        return "framed smart, window \(point(first)) → \(point(last)) (\(c.crop.count) keyframes)"
    }

    private static func clock(_ t: RationalTime) -> String { SlotAssignment.clock(t) }
    private static func span(_ r: TimeRange) -> String { "\(clock(r.start))-\(clock(r.end))" }
}
