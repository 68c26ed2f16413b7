import ReelKit

/// One `reel edit` operation as called: it names its clips, reads its times and values, applies
/// itself to the editor and says in one line what changed.
struct EditRequest {
    let operation: String
    let operands: [String]
    let args: ParsedArguments<EditCommand.Options>
    let timeline: Timeline

    /// The options given, as text for the history (`--at 2.5s`).
    var optionText: [String] {
        args.values.filter { $0.key != args.table.format.spec.long }.sorted { $0.key < $1.key }.flatMap { key, values in
            values.map { "--\(key) \($0)" }
        }
    }

    var rate: FrameRate { timeline.frameRate }
    var mainClips: [VideoClip] { timeline.clips.filter { $0.layer == 0 } }

    func apply(to editor: inout TimelineEditor) throws -> String {
        switch operation {
        case "split":
            let id = try clip(0)
            let at = try time(\.at)
            let frame = try frames(at)
            try editor.split(id, atFrame: frame)
            return "split \(label(id)) at \(SlotAssignment.clock(rate.time(ofFrame: frame)))"
        case "trim":
            let id = try clip(0)
            guard args[\.trimIn] != nil || args[\.trimOut] != nil else { throw UsageError(message: "trim takes --in and/or --out") }
            let startFrames = try args[\.trimIn].map { try frames(signedTime($0, what: "--in")) } ?? 0
            let endFrames = try args[\.trimOut].map { try -frames(signedTime($0, what: "--out")) } ?? 0
            try editor.trim(id, startFrames: startFrames, endFrames: endFrames)
            let clip = editor.timeline.clips.first { $0.id == id }
            return "trimmed \(label(id)): now \(clip.map { span($0.timelineRange) } ?? "")"
        case "slip":
            let id = try clip(0)
            let offset = try signedTime(operand(1, "an offset such as 1.2s"), what: "the offset")
            guard let c = timeline.clips.first(where: { $0.id == id }) else { throw EditError.noClip(id) }
            guard let start = c.sourceRange.start.addingReportingOverflow(offset), !start.isNegative else {
                throw EditError.outOfRange(
                    "the source of \(label(id)) starts at \(SlotAssignment.clock(c.sourceRange.start)); it cannot slip \(SlotAssignment.clock(offset))"
                )
            }
            try editor.slip(id, sourceStart: start)
            return "slipped \(label(id)): its source now starts at \(SlotAssignment.clock(start))"
        case "move":
            let id = try clip(0)
            guard let place = args[\.to].flatMap(Int.init), place >= 1 else { throw UsageError(message: "move takes --to <place>, 1 or more") }
            let cuts = try editor.move(id, to: place - 1)
            return "moved \(label(id)) to place \(place)" + Self.cutsSummary(cuts)
        case "swap":
            let a = try clip(0)
            let b = try clip(1)
            let cuts = try editor.swap(a, b)
            return "swapped \(label(a)) and \(label(b))" + Self.cutsSummary(cuts)
        case "delete":
            let id = try clip(0)
            try editor.delete(id)
            return "deleted \(label(id))"
        case "replace":
            let id = try clip(0)
            let media = try operand(1, "the media file to put in its place")
            let asset = try AssetProbe.asset(media)
            try editor.replace(id, with: asset)
            return "replaced \(label(id)) with \(media)"
        case "speed":
            let id = try clip(0)
            let text = try operand(1, "a speed such as 0.5 or 2")
            guard let speed = RationalTime(decimalString: text), speed.isPositive else {
                throw UsageError(message: "speed takes a positive ratio such as 0.5, not '\(text)'")
            }
            try editor.setSpeed(id, speed)
            return "\(label(id)) now plays at \(text)x"
        case "reverse":
            let id = try clip(0)
            let reversed = !(timeline.clips.first { $0.id == id }?.reverse ?? false)
            try editor.setReverse(id, reversed)
            return "\(label(id)) now plays \(reversed ? "backwards" : "forwards")"
        case "rotate":
            let id = try clip(0)
            let text = try operand(1, "90, 180 or 270")
            guard let degrees = Int(text), degrees % 90 == 0 else {
                throw UsageError(message: "rotate takes a multiple of 90 degrees, not '\(text)'")
            }
            try editor.rotate(id, quarterTurns: degrees / 90)
            return "rotated \(label(id)) by \(degrees)°"
        case "volume":
            let id = try clip(0)
            let text = try operand(1, "a gain such as 0.8")
            guard let gain = Double(text), gain.isFinite, gain >= 0 else {
                throw UsageError(message: "volume takes a gain of 0 or more, not '\(text)'")
            }
            try editor.setVolume(id, gain)
            return "\(label(id)) volume \(text)"
        case "mute":
            let id = try clip(0)
            try editor.mute(id)
            return "muted \(label(id))"
        case "filter":
            return try filter(&editor)
        case "transition":
            return try transition(&editor)
        case "text":
            let id = try operand(0, "the id of a text")
            let words = try operand(1, "the new words")
            try editor.setText(id, words)
            return "text \(id) now reads \"\(words)\""
        case "music":
            let file = try operand(0, "the song")
            let info = try Pipeline.probe(file)
            guard info.hasSound, let duration = info.soundDuration else {
                throw CommandFailure(message: "\(file): has no sound to use as music")
            }
            // A timeline whose clips count beats is re-timed to the new song's beats.
            if mainClips.contains(where: { $0.beats != nil }) || timeline.music != nil {
                return try retimedMusic(file, &editor)
            }
            let start = try args[\.start].map { try signedTime($0, what: "--start") } ?? .zero
            try editor.setMusic(file, duration: duration, start: start)
            return "music is now \(file) from \(SlotAssignment.clock(start))"
        case "snap":
            let id = try clip(0)
            let word = operands.count > 1 ? operands[1] : "next"
            guard let direction = TimelineEditor.BeatDirection(rawValue: word) else {
                throw UsageError(message: "snap takes next, previous or nearest, not '\(word)'")
            }
            let before = timeline.clips.first { $0.id == id }?.timelineRange.end ?? .zero
            try editor.snapCut(after: id, to: direction)
            let after = editor.timeline.clips.first { $0.id == id }?.timelineRange.end ?? before
            return
                "the cut after \(label(id)) moved from \(SlotAssignment.clock(before)) to the \(direction.rawValue) beat, \(SlotAssignment.clock(after))"
        default:
            throw UsageError(message: "unknown operation '\(operation)'")
        }
    }

    private func filter(_ editor: inout TimelineEditor) throws -> String {
        let id = try clip(0)
        let action = try operand(1, "add or remove")
        let current = timeline.clips.first { $0.id == id }?.filters ?? []
        switch action {
        case "add":
            let kind = try operand(2, "a filter kind (see 'reel catalog')")
            let entry = try catalogEntry(.filter, kind)
            try editor.addFilter(id, Effect(kind: kind, parameters: try values(for: entry)))
            return "added \(kind) to \(label(id))"
        case "remove":
            if let kind = operands.count > 2 ? operands[2] : nil {
                guard current.contains(where: { $0.kind == kind }) else { throw EditError.outOfRange("\(label(id)) has no \(kind) filter") }
                try editor.setFilters(id, current.filter { $0.kind != kind })
                return "removed \(kind) from \(label(id))"
            }
            try editor.setFilters(id, [])
            return "removed every filter from \(label(id))"
        default:
            throw UsageError(message: "filter takes add or remove, not '\(action)'")
        }
    }

    private func transition(_ editor: inout TimelineEditor) throws -> String {
        let id = try clip(0)
        let kind = try operand(1, "a transition kind, or cut")
        if kind == "cut" {
            try editor.removeTransition(after: id)
            return "the cut after \(label(id)) is now a straight cut"
        }
        let entry = try catalogEntry(.transition, kind)
        let duration = try args[\.duration].map { try signedTime($0, what: "--duration") } ?? RationalTime(seconds: 1) / 2
        // A transition of no frames (or fewer than none) is no transition: refused, as the template reader refuses it.
        let range = TransitionDuration.allowed(at: rate)
        guard range.contains(duration) else {
            throw UsageError(
                message:
                    "--duration of a transition takes a time from \(TimeText.string(from: range.lowerBound)) (one frame) to \(TimeText.string(from: range.upperBound)), not '\(args[\.duration] ?? "")'"
            )
        }
        let easing =
            try args[\.easing].map { text in
                guard let e = Easing(rawValue: text) else {
                    throw UsageError(message: "--easing takes \(Easing.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
                }
                return e
            } ?? .easeInOut
        try editor.setTransition(after: id, kind: kind, frames: try frames(duration), easing: easing, parameters: try values(for: entry))
        return "\(kind) of \(SlotAssignment.clock(rate.snap(duration, rounding: .toNearestOrAwayFromZero))) on the cut after \(label(id))"
    }

    /// The catalog's entry for `kind`; refused when unknown, or when it needs a file (a LUT, a
    /// mask), which belongs in the template with the file beside it.
    private func catalogEntry(_ family: EffectFamily, _ kind: String) throws -> CatalogEntry {
        guard let entry = Catalog.entry(family, kind) else {
            throw UsageError(message: "no \(family.rawValue) '\(kind)' (\(family.rawValue)s: \(Catalog.ids(of: family).joined(separator: ", ")))")
        }
        if entry.parameters.contains(where: {
            if case .file = $0.type { return true }
            return false
        }) {
            throw UsageError(message: "\(family.rawValue) \(kind) needs a file; set it in the template")
        }
        return entry
    }

    /// The catalog entry's parameters: defaults, overridden by options, each within its range.
    private func values(for entry: CatalogEntry) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for p in entry.parameters {
            guard let range = p.range else { continue }
            if let text = args.value(named: p.name) {
                guard let v = Double(text), range.contains(v) else {
                    throw UsageError(message: "--\(p.name) of \(entry.id) takes a number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
                }
                values[p.name] = v
            } else if let d = p.defaultValue {
                values[p.name] = d
            }
        }
        return values
    }

    /// `music <file> [--start auto|<time>]` on a timeline that counts beats: the song's beats
    /// (analysed, cached per file) re-time the clips written in beats (`TimelineEditor.setMusic`).
    private func retimedMusic(_ file: String, _ editor: inout TimelineEditor) throws -> String {
        let song = try Pipeline.songBeats(of: file)
        var start = SongStart.auto
        if let text = args[\.start], text != "auto" { start = .at(try signedTime(text, what: "--start")) }
        let loops = timeline.audio.contains { $0.id == "music-2" }
        let choice = try editor.setMusic(song, start: start, loops: loops)
        let use = SongUse(file: file, tempo: song.tempo, choice: choice)
        return "music is now \(use.summary.dropFirst("music <- ".count))"
    }

    // MARK: Operands

    private func operand(_ i: Int, _ what: String) throws -> String {
        guard i < operands.count else { throw UsageError(message: "\(operation) needs \(what)") }
        return operands[i]
    }

    /// The clip named by operand `i`: an id, else a number from `list` (main-track clips from 1).
    private func clip(_ i: Int) throws -> String {
        let name = try operand(i, "a clip (its id, or its number in 'list')")
        if timeline.clips.contains(where: { $0.id == name }) { return name }
        if let n = Int(name), n >= 1, n <= mainClips.count { return mainClips[n - 1].id }
        let known = mainClips.enumerated().map { "\($0.offset + 1) \($0.element.id)" }.joined(separator: ", ")
        throw UsageError(message: "no clip '\(name)' (main track: \(known))")
    }

    /// What a swap or a move did to the transitions, for its summary line: the cuts that keep
    /// theirs between other clips, then each one shortened, by how much and why.
    static func cutsSummary(_ changes: [CutChange]) -> String {
        func named(_ c: CutChange) -> String { "the \(c.kind) after clip \(c.cut + 1)" }
        var parts: [String] = []
        let kept = changes.filter { !$0.isShortened }.map(named)
        if let last = kept.last {
            let list = kept.count == 1 ? last : kept.dropLast().joined(separator: ", ") + " and " + last
            parts.append(list + (kept.count == 1 ? " stays on its cut" : " stay on their cuts"))
        }
        for c in changes where c.isShortened {
            let what = c.now == 0 ? "became a straight cut" : "is shortened from \(c.was) to \(c.now) frames"
            parts.append("\(named(c)) \(what)" + (c.reasons.isEmpty ? "" : " (\(c.reasons.joined(separator: "; ")))"))
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }

    private func label(_ id: String) -> String {
        if let n = mainClips.firstIndex(where: { $0.id == id }) { return "clip \(n + 1) (\(id))" }
        return "clip \(id)"
    }

    private func signedTime(_ text: String, what: String) throws -> RationalTime {
        var body = Substring(text)
        var negative = false
        if body.hasPrefix("+") {
            body = body.dropFirst()
        } else if body.hasPrefix("-") {
            body = body.dropFirst()
            negative = true
        }
        guard let t = TimeText.time(from: String(body), frameRate: rate) else {
            throw UsageError(message: "\(what) takes a time such as 2.5s, 1.2 or 48f, not '\(text)'")
        }
        return negative ? .zero - t : t
    }

    private func time(_ key: KeyPath<EditCommand.Options, Option>) throws -> RationalTime {
        let option = args.table[keyPath: key].spec.long
        guard let text = args[key] else { throw UsageError(message: "\(operation) takes --\(option) <time>") }
        return try signedTime(text, what: "--\(option)")
    }

    /// `t` in frames; a time past the longest video (`Limits.maxTotalDuration`) either way is a
    /// usage error, never a frame index past Int64.
    private func frames(_ t: RationalTime) throws -> Int64 {
        let longest = Limits.maxTotalDuration
        guard t <= longest, .zero - longest <= t else {
            throw UsageError(message: "an edit's times and lengths are within the longest video (\(longest)), not \(t)")
        }
        return rate.frame(at: t, rounding: .toNearestOrAwayFromZero)
    }

    private func span(_ r: TimeRange) -> String { "\(SlotAssignment.clock(r.start))-\(SlotAssignment.clock(r.end))" }
}
