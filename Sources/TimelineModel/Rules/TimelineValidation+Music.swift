import DocumentJSON
import MediaTime

/// The rules of a timeline's `music` (L030): it names a sound of the timeline, whose role is music
/// (L046); its beats
/// increase and lie where that sound plays (from its start to the end of its last repeat,
/// `music-2`, `music-3`...); each downbeat is one of the beats; sections are in order, each
/// ending after it starts, within the sound; `songStart` is the song time its sound starts at and
/// `songEnd` the one its last repeat ends at. A clip's `beats` is the count of the music's beats
/// its time spans, within a frame (the resolver counts from the exact, unsnapped cut), and only
/// main-track clips have one. A rule broken by many values is reported once, with their count.
extension TimelineValidation {
    static func musicRules(_ t: Timeline, _ run: inout TimelineRuleRun) {
        // Without a `music` (and none unread) there is nothing to check.
        let applies = t.music != nil || !run.readable.contains(.music)
        run.group("the rules of the music", needs: [.music, .audio], applies: applies, [.musicMap, .musicRole, .outOfRange]) { report in
            musicProblems(t, report)
        }
        run.group("the rules of the clips' beats", needs: [.music, .audio, .clips], applies: applies, [.musicMap]) { report in
            beatCountProblems(t, report)
        }
    }

    private static func musicProblems(_ t: Timeline, _ report: TimelineRuleRun.Report) {
        guard let map = t.music else { return }
        let path = JSONPath.root.appending("music")
        func problem(_ p: JSONPath, _ message: String, fix: String) { report(.musicMap, p, message, fix: fix) }
        let pieces = t.audio.filter { $0.id == map.audio || ($0.id.hasPrefix(map.audio + "-") && Int($0.id.dropFirst(map.audio.count + 1)) != nil) }
        guard let first = pieces.first(where: { $0.id == map.audio }) else {
            problem(
                path.appending("audio"), "names no sound of the timeline ('\(map.audio)')",
                fix: "give the id of the music's sound in \"audio\" (\(t.audio.map(\.id).prefix(3).joined(separator: ", ")))")
            return
        }
        if first.role != .music {
            // Beats belong to the song: a voice or an effect under them is a mistaken id (L046).
            report(
                .musicRole, path.appending("audio"), "names '\(map.audio)', a sound whose role is \(first.role.rawValue), not music",
                fix: "give the id of the music's sound (its role \"music\") in \"audio\"")
        }
        let last = pieces.max { $0.timelineRange.end < $1.timelineRange.end } ?? first
        let span = TimeRange(start: first.timelineRange.start, end: max(first.timelineRange.end, last.timelineRange.end))
        let place = "where '\(map.audio)' plays (\(TimeText.string(from: span.start))...\(TimeText.string(from: span.end)))"
        /// One report for every value of `key` that breaks a rule: at the first, with the count.
        func each<T>(
            _ key: String, _ values: [T], _ what: String, field: String? = nil, fix: String, breaks: (Int, T) -> Bool, name: (T) -> String
        ) {
            let broken = values.indices.filter { breaks($0, values[$0]) }
            guard let i = broken.first else { return }
            let more = broken.count > 1 ? "\(broken.count) of the \(values.count) \(key) (the first, \(name(values[i])))" : "\(name(values[i]))"
            let p = path.appending(key).appending(i)
            problem(field.map { p.appending($0) } ?? p, "\(more) \(broken.count > 1 ? "are" : "is") \(what)", fix: fix)
        }
        func time(_ t: RationalTime) -> String { TimeText.string(from: t) }
        each(
            "beats", map.beats, "not after the one before", fix: "list beats in increasing order, each once",
            breaks: { i, b in i > 0 && b <= map.beats[i - 1] }, name: { "beat \(time($0))" })
        each("beats", map.beats, "not \(place)", fix: "remove them", breaks: { _, b in b < span.start || b > span.end }, name: { "beat \(time($0))" })
        let beats = Set(map.beats)
        each(
            "downbeats", map.downbeats, "not one of the beats", fix: "list them in \"beats\" too, or remove them",
            breaks: { _, d in !beats.contains(d) }, name: { "downbeat \(time($0))" })
        var ends: [RationalTime] = []
        for s in map.sections { ends.append(max(ends.last ?? span.start, s.end)) }
        each(
            "sections", map.sections, "ending at or before their start", field: "end", fix: "end each section after it starts",
            breaks: { _, s in s.end <= s.start }, name: { "the section from \(time($0.start))" })
        each(
            "sections", map.sections, "overlapping the one before or not \(place)", fix: "keep sections in order, within the sound",
            breaks: { i, s in s.end > s.start && (s.start < (i > 0 ? ends[i - 1] : span.start) || s.end > span.end) },
            name: { "the section from \(time($0.start))" })
        if map.songStart != first.sourceStart {
            problem(
                path.appending("songStart"),
                "\(time(map.songStart)) is not the song time '\(map.audio)' starts at (its sourceStart, \(time(first.sourceStart)))",
                fix: "make it \(time(first.sourceStart))")
        }
        // Checked: a start and a length on two large prime steps have a sum no 64 bits hold.
        let songEnd = last.sourceStart.addingReportingOverflow(last.timelineRange.duration)
        if let songEnd, map.songEnd != songEnd {
            problem(
                path.appending("songEnd"),
                "\(time(map.songEnd)) is not the song time where '\(last.id)' ends (its sourceStart plus its duration, \(time(songEnd)))",
                fix: "make it \(time(songEnd))")
        } else if songEnd == nil {
            report(
                .outOfRange, JSONPath.root.appending("audio").appending(t.audio.firstIndex(of: last) ?? 0),
                "its sourceStart (\(time(last.sourceStart))) plus its duration (\(time(last.timelineRange.duration))) takes a step too fine to count exactly",
                fix: "write them with smaller denominators (frames, milliseconds)")
        }
        for (i, c) in t.clips.enumerated() where c.beats != nil && c.layer != 0 {
            problem(
                JSONPath.root.appending("clips").appending(i).appending("beats"), "only main-track clips are counted in beats",
                fix: "remove \"beats\"")
        }
    }

    private static func beatCountProblems(_ t: Timeline, _ report: TimelineRuleRun.Report) {
        for (i, c) in t.clips.enumerated() {
            guard let n = c.beats, let expected = expectedEnd(of: c, in: t) else { continue }
            let path = JSONPath.root.appending("clips").appending(i).appending("beats")
            let spanned = t.music.flatMap { map in
                map.position(of: c.timelineRange.end).flatMap { e in map.position(of: c.timelineRange.start).flatMap { try? e.subtracting($0) } }
            }
            if !isWithinAFrame(c.timelineRange.end, of: expected, rate: t.frameRate) {
                report(
                    .musicMap, path,
                    "\(TimeText.ratioString(from: n)) beats end at \(TimeText.string(from: expected)), but the clip ends at \(TimeText.string(from: c.timelineRange.end))"
                        + (spanned.map { " (it spans about \(String(format: "%.2f", $0.seconds)) beats of the music)" } ?? ""),
                    fix: "give the number of beats it spans, or remove \"beats\"")
            }
        }
    }

    /// Where `n` beats of the music from the clip's start end; nil when it has no count, is not on
    /// the main track, or the music has fewer than two beats.
    static func expectedEnd(of c: VideoClip, in t: Timeline) -> RationalTime? {
        guard let n = c.beats, c.layer == 0, let map = t.music, map.beats.count >= 2 else { return nil }
        return BeatGrid(.times(map.beats)).end(from: c.timelineRange.start, beats: n)
    }

    /// True when a clip's count of beats is the one its time spans (see `musicRules`); true for
    /// a clip that cannot be counted.
    package static func beatsMatch(_ c: VideoClip, in t: Timeline) -> Bool {
        guard let expected = expectedEnd(of: c, in: t) else { return true }
        return isWithinAFrame(c.timelineRange.end, of: expected, rate: t.frameRate)
    }

    private static func isWithinAFrame(_ a: RationalTime, of b: RationalTime, rate: FrameRate) -> Bool {
        // Checked: an expected end from beats of a fine step may differ by no time 64 bits hold.
        guard let d = try? (a > b ? a.subtracting(b) : b.subtracting(a)) else { return false }
        return d <= rate.frameDuration
    }
}
