import DocumentJSON
import MediaTime

/// L030, the rules of a timeline's `music`: it names a sound of the timeline (whose role is music
/// is L046's, `MusicRoleRule`); its beats increase and lie where that sound plays (from its start
/// to the end of its last repeat, `music-2`, `music-3`...); each downbeat is one of the beats;
/// sections are in order, each ending after it starts, within the sound; `songStart` is the song
/// time its sound starts at and `songEnd` the one its last repeat ends at. A clip's `beats` is the
/// count of the music's beats its time spans, within a frame (the resolver counts from the exact,
/// unsnapped cut), and only main-track clips have one. A rule broken by many values is reported
/// once, with their count.
package enum MusicMapRule: TimelineRule {
    /// L030: a music map that does not fit its sound or the clips' beats.
    package static let code = DiagnosticCode.musicMap
    /// The music map against its sound (`music`), and the main-track clips' beat counts (`clipBeats`).
    package static let groups: [TimelineRuleGroup] = [.music, .clipBeats]

    /// The map's problems for `music`, the clips' wrong beat counts for `clipBeats`; each broken rule reported once.
    package static func check(_ input: TimelineRuleInput, in group: TimelineRuleGroup) -> [TimelineProblem] {
        switch group {
        case .music: musicProblems(input.timeline)
        case .clipBeats: beatCountProblems(input.timeline)
        default: []
        }
    }

    private static func musicProblems(_ t: Timeline) -> [TimelineProblem] {
        guard let map = t.music else { return [] }
        var found: [TimelineProblem] = []
        let path = JSONPath.root.appending("music")
        func problem(_ p: JSONPath, _ message: String, fix: String) { found.append(Self.problem(p, message, fix: fix)) }
        guard let sound = MusicSound(of: t) else {
            problem(
                path.appending("audio"), "names no sound of the timeline ('\(map.audio)')",
                fix: "give the id of the music's sound in \"audio\" (\(t.audio.map(\.id).prefix(3).joined(separator: ", ")))")
            return found
        }
        let (first, last, span) = (sound.first, sound.last, sound.span)
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
        // A sum too fine to count is T015's (`ExactTimesRule`).
        if let songEnd = sound.songEnd, map.songEnd != songEnd {
            problem(
                path.appending("songEnd"),
                "\(time(map.songEnd)) is not the song time where '\(last.id)' ends (its sourceStart plus its duration, \(time(songEnd)))",
                fix: "make it \(time(songEnd))")
        }
        for (i, c) in t.clips.enumerated() where c.beats != nil && c.layer != 0 {
            problem(
                JSONPath.root.appending("clips").appending(i).appending("beats"), "only main-track clips are counted in beats",
                fix: "remove \"beats\"")
        }
        return found
    }

    private static func beatCountProblems(_ t: Timeline) -> [TimelineProblem] {
        var found: [TimelineProblem] = []
        for (i, c) in t.clips.enumerated() {
            guard let n = c.beats, let expected = expectedEnd(of: c, in: t) else { continue }
            let path = JSONPath.root.appending("clips").appending(i).appending("beats")
            let spanned = t.music.flatMap { map in
                map.position(of: c.timelineRange.end).flatMap { e in map.position(of: c.timelineRange.start).flatMap { try? e.subtracting($0) } }
            }
            if !isWithinAFrame(c.timelineRange.end, of: expected, rate: t.frameRate) {
                found.append(
                    problem(
                        path,
                        "\(TimeText.ratioString(from: n)) beats end at \(TimeText.string(from: expected)), but the clip ends at \(TimeText.string(from: c.timelineRange.end))"
                            + (spanned.map { " (it spans about \(String(format: "%.2f", $0.seconds)) beats of the music)" } ?? ""),
                        fix: "give the number of beats it spans, or remove \"beats\""))
            }
        }
        return found
    }

    /// Where `n` beats of the music from the clip's start end; nil when it has no count, is not on
    /// the main track, or the music has fewer than two beats.
    static func expectedEnd(of c: VideoClip, in t: Timeline) -> RationalTime? {
        guard let n = c.beats, c.layer == 0, let map = t.music, map.beats.count >= 2 else { return nil }
        return BeatGrid(.times(map.beats)).end(from: c.timelineRange.start, beats: n)
    }

    /// True when a clip's count of beats is the one its time spans (see the type's comment); true for
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
