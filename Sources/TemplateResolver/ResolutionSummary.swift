import DocumentJSON
import MediaTime
import TimelineModel

/// The human line for each slot: what filled it, which part, and any compromise.
extension SlotAssignment {
    /// `slot 3 (two) <- IMG_2041.MOV 00:04.20-00:06.70, slowed to 0.8x`.
    package var summary: String {
        var line = "slot \(number) (\(slotID)) "
        guard let clip else { return line + "skipped: shorter than one frame" }
        line += "<- \(media.fileName) "
        switch clip.kind {
        case .image:
            line += "still for \(Self.clock(clip.timelineRange.duration))"
            if let defaultMotion { line += ", \(defaultMotion)" }
        case .video:
            let end = loops || holdsLastFrame ? min(clip.sourceRange.end, media.duration ?? clip.sourceRange.end) : clip.sourceRange.end
            line += "\(Self.clock(clip.sourceRange.start))-\(Self.clock(end))"
            let one = RationalTime(seconds: 1)
            if clip.speed < one { line += ", slowed to \(Self.decimal(clip.speed))x" }
            if clip.speed > one { line += ", sped up to \(Self.decimal(clip.speed))x" }
            if clip.reverse { line += ", reversed" }
            if loops { line += ", looped" }
            if holdsLastFrame {
                // The source range runs past the end of the video; its frames are shown until then.
                let shown = (media.duration ?? .zero) / clip.speed
                line += ", last frame held for \(Self.clock(max(.zero, clip.timelineRange.duration - shown)))"
            }
        }
        if let framedOn { line += ", framed on \(framedOn)" }
        if isKindFallback { line += media.kind == .image ? ", an image in a slot for videos" : ", a video in a slot for images" }
        return line
    }

    /// `mm:ss.cc`, rounded to the nearest hundredth; display only.
    package static func clock(_ time: RationalTime) -> String {
        // A time no video reaches (a mistaken argument, shown back in its error) is written exactly.
        let far = RationalTime(seconds: 1_000_000_000_000)
        guard time < far, .zero - far < time else { return time.description }
        let hundredths = time.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        let sign = hundredths < 0 ? "-" : ""
        let h = abs(hundredths)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(sign)\(two(h / 6000)):\(two(h / 100 % 60)).\(two(h % 100))"
    }

    /// A ratio with at most two decimals: `0.8`, `0.53`, `1`.
    package static func decimal(_ ratio: RationalTime) -> String {
        let hundredths = ratio.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        var fraction = String(hundredths % 100)
        if fraction.count < 2 { fraction = "0" + fraction }
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction)"
    }
}

/// The summary as JSON for tools (`--format json`): every slot with its media, ranges and
/// compromises, the media left out, the lines of the voice-over (`sounds`), and the resolver's findings.
extension Resolution {
    /// The summary as one JSON object; tools read its keys from `--format json`.
    package var summaryJSON: JSONValue {
        let slots: [JSONValue] = assignments.map { a in
            var o = JSONObject([
                "number": .number(JSONNumber(a.number)), "slot": .string(a.slotID), "media": .string(a.media.path),
                "kind": .string(a.media.kind.rawValue), "summary": .string(a.summary),
                "holdsLastFrame": .bool(a.holdsLastFrame), "kindFallback": .bool(a.isKindFallback), "loops": .bool(a.loops),
            ])
            if let clip = a.clip {
                o["timelineRange"] = TimelineEncoder.range(clip.timelineRange)
                o["sourceRange"] = TimelineEncoder.range(clip.sourceRange)
                o["speed"] = .string(TimeText.ratioString(from: clip.speed))
                o["layer"] = .number(JSONNumber(clip.layer))
            }
            if let m = a.defaultMotion { o["motion"] = .string(m) }
            if let f = a.framedOn { o["framedOn"] = .string(f) }
            return .object(o)
        }
        let findings: [JSONValue] = diagnostics.map { d in
            .object(
                JSONObject([
                    "severity": .string(d.severity.rawValue), "code": .string(d.code.rawValue), "message": .string(d.message),
                    "path": d.location.path.map { .string($0.description) } ?? .null,
                ]))
        }
        var summary = JSONObject([
            "template": .string(timeline.source ?? ""), "duration": TimelineEncoder.time(timeline.duration),
            "frames": .number(JSONNumber(Int(timeline.frameCount))), "slots": .array(slots),
            "leftOut": .array(leftOut.map { .string($0.path) }), "diagnostics": .array(findings),
            "sounds": .array(soundLines.map(JSONValue.string)),
            "transitions": .array(
                timeline.transitions.map { t in
                    .object(
                        JSONObject([
                            "kind": .string(t.kind), "from": .string(t.from), "to": .string(t.to), "range": TimelineEncoder.range(t.range),
                        ]))
                }),
        ])
        if let song { summary["music"] = song.json }
        return .object(summary)
    }
}
