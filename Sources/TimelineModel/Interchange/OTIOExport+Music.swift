import DocumentJSON
import MediaTime

/// The music's beats, bars and sections as OpenTimelineIO markers on the top-level stack, so an
/// editor shows where the cuts can fall: a green `Marker.2` on each downbeat (`bar 1`, `bar 2`,
/// ...), a yellow one on each other beat (`bar 2 beat 3`; `beat 1` before the first bar), and a
/// red one over each section (`section 2, energy 0.93`); every beat time in the stack's
/// `metadata.reel.beats` too (exact, as the timeline writes them).
extension OTIOExport {
    static func musicMarkers(_ t: Timeline) -> [JSONValue] {
        guard let map = t.music else { return [] }
        let rate = t.frameRate
        func marker(_ name: String, _ color: String, _ range: TimeRange) -> JSONValue {
            schema(
                "Marker.2",
                [
                    "name": .string(name), "color": .string(color), "marked_range": self.range(range, rate: rate),
                    "metadata": .object(JSONObject()), "comment": .string(""),
                ])
        }
        let downbeats = Set(map.downbeats)
        var bar = 0
        var beat = 0
        var beats: [JSONValue] = []
        for time in map.beats {
            let at = TimeRange(start: time, duration: .zero)
            if downbeats.contains(time) {
                bar += 1
                beat = 1
                beats.append(marker("bar \(bar)", "GREEN", at))
            } else {
                beat += 1
                beats.append(marker(bar == 0 ? "beat \(beat)" : "bar \(bar) beat \(beat)", "YELLOW", at))
            }
        }
        let sections = map.sections.enumerated().map {
            marker(
                "section \($0.offset + 1), energy \(twoDecimals($0.element.energy))", "RED", TimeRange(start: $0.element.start, end: $0.element.end))
        }
        return beats + sections
    }

    static func musicMetadata(_ t: Timeline) -> JSONObject {
        guard let map = t.music else { return JSONObject() }
        return JSONObject(["reel": .object(JSONObject(["beats": .array(map.beats.map { .string(TimeText.string(from: $0)) })]))])
    }
}
