import MediaTime

/// The music's bars and sections as OpenTimelineIO markers on the top-level stack, so an editor
/// shows where the bars and the chorus are: a green `Marker.2` on each downbeat (`bar 1`,
/// `bar 2`, ...) and a red one over each section (`section 2, energy 0.93`), every beat time in
/// the stack's `metadata.reel.beats` (exact, as the timeline writes them).
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
        let bars = map.downbeats.enumerated().map { marker("bar \($0.offset + 1)", "GREEN", TimeRange(start: $0.element, duration: .zero)) }
        let sections = map.sections.enumerated().map {
            marker(
                "section \($0.offset + 1), energy \(twoDecimals($0.element.energy))", "RED", TimeRange(start: $0.element.start, end: $0.element.end))
        }
        return bars + sections
    }

    static func musicMetadata(_ t: Timeline) -> JSONObject {
        guard let map = t.music else { return JSONObject() }
        return JSONObject(["reel": .object(JSONObject(["beats": .array(map.beats.map { .string(TimeText.string(from: $0)) })]))])
    }
}
