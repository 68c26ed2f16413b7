import MediaTime

/// The rules of a timeline's `music` (L030): it names a sound of the timeline, whose role is music
/// (L046); its beats
/// increase and lie where that sound plays (from its start to the end of its last repeat,
/// `music-2`, `music-3`...); each downbeat is one of the beats; sections are in order, each
/// ending after it starts, within the sound. The song's own times run forward (`songStart` before
/// `songEnd`, unless the song loops).
extension TimelineValidation {
    static func musicProblems(_ t: Timeline) -> [TimelineProblem] {
        guard let map = t.music else { return [] }
        var found: [TimelineProblem] = []
        let path = JSONPath.root.appending("music")
        func report(_ p: JSONPath, _ message: String, fix: String) { found.append(TimelineProblem(.musicMap, p, message, fix: fix)) }
        let pieces = t.audio.filter { $0.id == map.audio || ($0.id.hasPrefix(map.audio + "-") && Int($0.id.dropFirst(map.audio.count + 1)) != nil) }
        guard let first = pieces.first(where: { $0.id == map.audio }) else {
            report(
                path.appending("audio"), "names no sound of the timeline ('\(map.audio)')",
                fix: "give the id of the music's sound in \"audio\" (\(t.audio.map(\.id).prefix(3).joined(separator: ", ")))")
            return found
        }
        if first.role != .music {
            // Beats belong to the song: a voice or an effect under them is a mistaken id (L046).
            found.append(
                TimelineProblem(
                    .musicRole, path.appending("audio"), "names '\(map.audio)', a sound whose role is \(first.role.rawValue), not music",
                    fix: "give the id of the music's sound (its role \"music\") in \"audio\""))
        }
        let span = TimeRange(start: first.timelineRange.start, end: max(first.timelineRange.end, pieces.map(\.timelineRange.end).max() ?? .zero))
        let place = "where '\(map.audio)' plays (\(TimeText.string(from: span.start))...\(TimeText.string(from: span.end)))"
        for (i, b) in map.beats.enumerated() {
            if i > 0, b <= map.beats[i - 1] {
                report(
                    path.appending("beats").appending(i), "beat \(TimeText.string(from: b)) is not after the one before it",
                    fix: "list beats in increasing order, each once")
            }
            if b < span.start || b > span.end {
                report(path.appending("beats").appending(i), "beat \(TimeText.string(from: b)) is not \(place)", fix: "remove it")
            }
        }
        let beats = Set(map.beats)
        for (i, d) in map.downbeats.enumerated() where !beats.contains(d) {
            report(
                path.appending("downbeats").appending(i), "downbeat \(TimeText.string(from: d)) is not one of the beats",
                fix: "list it in \"beats\" too, or remove it")
        }
        var last = span.start
        for (i, s) in map.sections.enumerated() {
            let p = path.appending("sections").appending(i)
            if s.end <= s.start {
                report(p.appending("end"), "the section ends at or before its start", fix: "end it after \(TimeText.string(from: s.start))")
            } else if s.start < last || s.end > span.end {
                report(p, "the section overlaps the one before it or is not \(place)", fix: "keep sections in order, within the sound")
            }
            last = max(last, s.end)
        }
        for (i, c) in t.clips.enumerated() where c.beats != nil && c.layer != 0 {
            report(
                JSONPath.root.appending("clips").appending(i).appending("beats"), "only main-track clips are counted in beats",
                fix: "remove \"beats\"")
        }
        return found
    }
}
