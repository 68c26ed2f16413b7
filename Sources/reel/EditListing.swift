import ReelKit

/// What `reel edit <t> list` and `history` print: the timeline's parts, numbered as edits name them.
/// Every line shows control characters as codes (`VisibleText`): the texts are anyone's bytes.
enum EditListing {
    static func print(_ t: Timeline, json: Bool) {
        let main = t.clips.filter { $0.layer == 0 }
        if json {
            Console.write(1, VisibleText.json(JSONWriter.write(value(t, main: main))))
            return
        }
        out(
            "\(t.canvas.width)x\(t.canvas.height), \(TimeText.ratioString(from: t.frameRate.frameDuration)) s a frame, \(clock(t.duration)) long")
        out("main track:")
        for (n, c) in main.enumerated() { out("  \(n + 1)  " + describe(c)) }
        let upper = t.clips.filter { $0.layer > 0 }
        if !upper.isEmpty {
            out("layers:")
            for c in upper { out("  layer \(c.layer)  " + describe(c)) }
        }
        if !t.transitions.isEmpty {
            out("transitions:")
            for tr in t.transitions {
                let n = main.firstIndex { $0.id == tr.from }.map { "\($0 + 1)" } ?? tr.from
                out("  after \(n)  \(tr.kind)  \(span(tr.range))  (\(tr.from) → \(tr.to))")
            }
        }
        if !t.texts.isEmpty {
            out("texts:")
            for x in t.texts { out("  \(x.id)  \"\(x.text)\"  \(span(x.timelineRange))") }
        }
        if !t.overlays.isEmpty {
            out("overlays:")
            for o in t.overlays { out("  \(o.id)  \(o.media)  \(span(o.timelineRange))") }
        }
        if !t.audio.isEmpty {
            out("sound:")
            for a in t.audio {
                out("  \(a.id)  \(a.media)  \(span(a.timelineRange)) from \(clock(a.sourceStart))  volume \(a.volume)")
            }
        }
        if let m = t.music {
            let tempo = m.tempo.map { "\((($0 * 10).rounded() / 10)) bpm, " } ?? ""
            out(
                "beats: \(tempo)\(m.beats.count) beats, \(m.downbeats.count) bars, \(m.sections.count) sections (song \(clock(m.songStart))-\(clock(m.songEnd)))"
            )
            let counted = main.enumerated().compactMap { n, c in c.beats.map { "\(n + 1): \(TimeText.ratioString(from: $0))" } }
            if !counted.isEmpty { out("  clips in beats  " + counted.joined(separator: "  ")) }
        }
    }

    static func printHistory(_ h: EditHistory, json: Bool) {
        let state = h.state
        if json {
            let entries = h.entries.enumerated().map { i, e in
                JSONValue.object(
                    JSONObject([
                        "n": .number(JSONNumber(i)), "kind": .string(e.kind.rawValue), "operation": .string(e.operation),
                        "summary": .string(e.summary), "current": .bool(i == state.current),
                    ]))
            }
            let object = JSONObject(["entries": .array(entries), "canUndo": .bool(h.canUndo), "canRedo": .bool(h.canRedo)])
            Console.write(1, VisibleText.json(JSONWriter.write(.object(object))))
            return
        }
        for (i, e) in h.entries.enumerated() {
            let mark = i == state.current ? "*" : state.redo.contains(i) ? "r" : " "
            out("\(mark) \(i)  \(e.operation == e.summary ? e.summary : "\(e.operation): \(e.summary)")")
        }
        out("(* current, r can be redone)")
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

    private static func value(_ t: Timeline, main: [VideoClip]) -> JSONValue {
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

    /// One line for people: the document's texts, ids and paths in it with control characters shown.
    private static func out(_ line: String) { Console.out(VisibleText.escaped(line)) }

    private static func clock(_ t: RationalTime) -> String { SlotAssignment.clock(t) }
    private static func span(_ r: TimeRange) -> String { "\(clock(r.start))-\(clock(r.end))" }
}
