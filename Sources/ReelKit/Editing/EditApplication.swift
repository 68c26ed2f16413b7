import EffectCatalog
import FileAccess
import MediaFacts
import MediaTime
import TemplateResolver
import TimelineEditing
import TimelineModel

/// One edit request applied to the editor of its timeline: it names its clips (by id, or by
/// number on the main track), reads its times and values, makes the edit and says in one line
/// what changed. Every refusal is an `EditFailure`; the editor is then as it was.
struct EditApplication {
    let request: EditRequest
    /// The timeline as read before the edit: clips are named and numbered on it.
    let timeline: Timeline
    /// The timeline file as the caller named it, for messages.
    let path: String

    var operation: String { request.operation }
    var operands: [String] { request.operands }

    /// The value of the option `name`, as typed, or nil when not given.
    private func option(_ name: String) -> String? { request.options[name] }

    /// The editor's refusal, named with the timeline and the operation.
    private func refusal(_ error: EditError) -> EditFailure { .refused(timeline: path, operation: operation, error) }

    /// Runs one call of the editor, its refusal as this edit's.
    private func refusal<T>(_ body: () throws(EditError) -> T) throws(EditFailure) -> T {
        do { return try body() } catch { throw refusal(error) }
    }

    var rate: FrameRate { timeline.frameRate }
    var mainClips: [VideoClip] { timeline.clips.filter { $0.layer == 0 } }

    func apply(to editor: inout TimelineEditor) throws(EditFailure) -> String {
        switch operation {
        case "split":
            let id = try clip(0)
            let at = try time("at")
            let frame = try frames(at)
            try refusal { () throws(EditError) in try editor.split(id, atFrame: frame) }
            return "split \(label(id)) at \(SlotAssignment.clock(rate.time(ofFrame: frame)))"
        case "trim":
            let id = try clip(0)
            guard option("in") != nil || option("out") != nil else { throw .request("trim takes --in and/or --out") }
            var startFrames: Int64 = 0
            var endFrames: Int64 = 0
            if let text = option("in") { startFrames = try frames(signedTime(text, what: "--in")) }
            if let text = option("out") { endFrames = try -frames(signedTime(text, what: "--out")) }
            try refusal { () throws(EditError) in try editor.trim(id, startFrames: startFrames, endFrames: endFrames) }
            let clip = editor.timeline.clips.first { $0.id == id }
            return "trimmed \(label(id)): now \(clip.map { span($0.timelineRange) } ?? "")"
        case "slip":
            let id = try clip(0)
            let offset = try signedTime(operand(1, "an offset such as 1.2s"), what: "the offset")
            guard let c = timeline.clips.first(where: { $0.id == id }) else { throw refusal(.noClip(id)) }
            guard let start = c.sourceRange.start.addingReportingOverflow(offset), !start.isNegative else {
                throw refusal(
                    .outOfRange(
                        "the source of \(label(id)) starts at \(SlotAssignment.clock(c.sourceRange.start)); it cannot slip \(SlotAssignment.clock(offset))"
                    ))
            }
            try refusal { () throws(EditError) in try editor.slip(id, sourceStart: start) }
            return "slipped \(label(id)): its source now starts at \(SlotAssignment.clock(start))"
        case "move":
            let id = try clip(0)
            guard let place = option("to").flatMap(Int.init), place >= 1 else { throw .request("move takes --to <place>, 1 or more") }
            let cuts = try refusal { () throws(EditError) in try editor.move(id, to: place - 1) }
            return "moved \(label(id)) to place \(place)" + Self.cutsSummary(cuts)
        case "swap":
            let a = try clip(0)
            let b = try clip(1)
            let cuts = try refusal { () throws(EditError) in try editor.swap(a, b) }
            return "swapped \(label(a)) and \(label(b))" + Self.cutsSummary(cuts)
        case "delete":
            let id = try clip(0)
            try refusal { () throws(EditError) in try editor.delete(id) }
            return "deleted \(label(id))"
        case "replace":
            let id = try clip(0)
            let media = try operand(1, "the media file to put in its place")
            let asset: MediaAsset
            do throws(FileAccessError) { asset = try AssetProbe.asset(media) } catch { throw .media(.file(error)) }
            try refusal { () throws(EditError) in try editor.replace(id, with: asset) }
            return "replaced \(label(id)) with \(media)"
        case "speed":
            let id = try clip(0)
            let text = try operand(1, "a speed such as 0.5 or 2")
            guard let speed = RationalTime(decimalString: text), speed.isPositive else {
                throw .request("speed takes a positive ratio such as 0.5, not '\(text)'")
            }
            try refusal { () throws(EditError) in try editor.setSpeed(id, speed) }
            return "\(label(id)) now plays at \(text)x"
        case "reverse":
            let id = try clip(0)
            let reversed = !(timeline.clips.first { $0.id == id }?.reverse ?? false)
            try refusal { () throws(EditError) in try editor.setReverse(id, reversed) }
            return "\(label(id)) now plays \(reversed ? "backwards" : "forwards")"
        case "rotate":
            let id = try clip(0)
            let text = try operand(1, "90, 180 or 270")
            guard let degrees = Int(text), degrees % 90 == 0 else {
                throw .request("rotate takes a multiple of 90 degrees, not '\(text)'")
            }
            try refusal { () throws(EditError) in try editor.rotate(id, quarterTurns: degrees / 90) }
            return "rotated \(label(id)) by \(degrees)°"
        case "volume":
            let id = try clip(0)
            let text = try operand(1, "a gain such as 0.8")
            guard let gain = Double(text), gain.isFinite, gain >= 0 else {
                throw .request("volume takes a gain of 0 or more, not '\(text)'")
            }
            try refusal { () throws(EditError) in try editor.setVolume(id, gain) }
            return "\(label(id)) volume \(text)"
        case "mute":
            let id = try clip(0)
            try refusal { () throws(EditError) in try editor.mute(id) }
            return "muted \(label(id))"
        case "filter":
            return try filter(&editor)
        case "transition":
            return try transition(&editor)
        case "text":
            let id = try operand(0, "the id of a text")
            let words = try operand(1, "the new words")
            try refusal { () throws(EditError) in try editor.setText(id, words) }
            return "text \(id) now reads \"\(words)\""
        case "music":
            let file = try operand(0, "the song")
            let info: ProbedMedia
            do throws(ReelError) { info = try Pipeline.probe(file) } catch { throw .media(error) }
            guard info.hasSound, let duration = info.soundDuration else { throw .noSound(file: file) }
            // A timeline whose clips count beats is re-timed to the new song's beats.
            if mainClips.contains(where: { $0.beats != nil }) || timeline.music != nil {
                return try retimedMusic(file, &editor)
            }
            var start = RationalTime.zero
            if let text = option("start") { start = try signedTime(text, what: "--start") }
            try refusal { () throws(EditError) in try editor.setMusic(file, duration: duration, start: start) }
            return "music is now \(file) from \(SlotAssignment.clock(start))"
        case "snap":
            let id = try clip(0)
            let word = operands.count > 1 ? operands[1] : "next"
            guard let direction = TimelineEditor.BeatDirection(rawValue: word) else {
                throw .request("snap takes next, previous or nearest, not '\(word)'")
            }
            let before = timeline.clips.first { $0.id == id }?.timelineRange.end ?? .zero
            try refusal { () throws(EditError) in try editor.snapCut(after: id, to: direction) }
            let after = editor.timeline.clips.first { $0.id == id }?.timelineRange.end ?? before
            return
                "the cut after \(label(id)) moved from \(SlotAssignment.clock(before)) to the \(direction.rawValue) beat, \(SlotAssignment.clock(after))"
        default:
            throw .request("unknown operation '\(operation)'")
        }
    }

    private func filter(_ editor: inout TimelineEditor) throws(EditFailure) -> String {
        let id = try clip(0)
        let action = try operand(1, "add or remove")
        let current = timeline.clips.first { $0.id == id }?.filters ?? []
        switch action {
        case "add":
            let kind = try operand(2, "a filter kind (see 'reel catalog')")
            let entry = try catalogEntry(.filter, kind)
            let parameters = try values(for: entry)
            try refusal { () throws(EditError) in try editor.addFilter(id, Effect(kind: kind, parameters: parameters)) }
            return "added \(kind) to \(label(id))"
        case "remove":
            if let kind = operands.count > 2 ? operands[2] : nil {
                guard current.contains(where: { $0.kind == kind }) else { throw refusal(.outOfRange("\(label(id)) has no \(kind) filter")) }
                try refusal { () throws(EditError) in try editor.setFilters(id, current.filter { $0.kind != kind }) }
                return "removed \(kind) from \(label(id))"
            }
            try refusal { () throws(EditError) in try editor.setFilters(id, []) }
            return "removed every filter from \(label(id))"
        default:
            throw .request("filter takes add or remove, not '\(action)'")
        }
    }

    private func transition(_ editor: inout TimelineEditor) throws(EditFailure) -> String {
        let id = try clip(0)
        let kind = try operand(1, "a transition kind, or cut")
        if kind == "cut" {
            try refusal { () throws(EditError) in try editor.removeTransition(after: id) }
            return "the cut after \(label(id)) is now a straight cut"
        }
        let entry = try catalogEntry(.transition, kind)
        var duration = RationalTime(seconds: 1) / 2
        if let text = option("duration") { duration = try signedTime(text, what: "--duration") }
        // A transition of no frames (or fewer than none) is no transition: refused, as the template reader refuses it.
        let range = TransitionDuration.allowed(at: rate)
        guard range.contains(duration) else {
            throw .request(
                "--duration of a transition takes a time from \(TimeText.string(from: range.lowerBound)) (one frame) to \(TimeText.string(from: range.upperBound)), not '\(option("duration") ?? "")'"
            )
        }
        var easing = Easing.easeInOut
        if let text = option("easing") {
            guard let e = Easing(rawValue: text) else {
                throw .request("--easing takes \(Easing.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
            }
            easing = e
        }
        let frameCount = try frames(duration)
        let parameters = try values(for: entry)
        try refusal { () throws(EditError) in
            try editor.setTransition(after: id, kind: kind, frames: frameCount, easing: easing, parameters: parameters)
        }
        return "\(kind) of \(SlotAssignment.clock(rate.snap(duration, rounding: .toNearestOrAwayFromZero))) on the cut after \(label(id))"
    }

    /// The catalog's entry for `kind`; refused when unknown, or when it needs a file (a LUT, a
    /// mask), which belongs in the template with the file beside it.
    private func catalogEntry(_ family: EffectFamily, _ kind: String) throws(EditFailure) -> CatalogEntry {
        guard let entry = Catalog.entry(family, kind) else {
            throw .request("no \(family.rawValue) '\(kind)' (\(family.rawValue)s: \(Catalog.ids(of: family).joined(separator: ", ")))")
        }
        if entry.parameters.contains(where: {
            if case .file = $0.type { return true }
            return false
        }) {
            throw .request("\(family.rawValue) \(kind) needs a file; set it in the template")
        }
        return entry
    }

    /// The catalog entry's parameters: defaults, overridden by options, each within its range.
    private func values(for entry: CatalogEntry) throws(EditFailure) -> [String: Double] {
        var values: [String: Double] = [:]
        for p in entry.parameters {
            guard let range = p.range else { continue }
            if let text = option(p.name) {
                guard let v = Double(text), range.contains(v) else {
                    throw .request("--\(p.name) of \(entry.id) takes a number in \(range.lowerBound)...\(range.upperBound), not '\(text)'")
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
    private func retimedMusic(_ file: String, _ editor: inout TimelineEditor) throws(EditFailure) -> String {
        let song: SongBeats
        do throws(ReelError) { song = try Pipeline.songBeats(of: file) } catch { throw .media(error) }
        var start = SongStart.auto
        if let text = option("start"), text != "auto" { start = .at(try signedTime(text, what: "--start")) }
        let loops = timeline.audio.contains { $0.id == "music-2" }
        let choice = try refusal { () throws(EditError) in try editor.setMusic(song, start: start, loops: loops) }
        let use = SongUse(file: file, tempo: song.tempo, choice: choice)
        return "music is now \(use.summary.dropFirst("music <- ".count))"
    }

    // MARK: Operands

    private func operand(_ i: Int, _ what: String) throws(EditFailure) -> String {
        guard i < operands.count else { throw .request("\(operation) needs \(what)") }
        return operands[i]
    }

    /// The clip named by operand `i`: an id, else a number from `list` (main-track clips from 1).
    private func clip(_ i: Int) throws(EditFailure) -> String {
        let name = try operand(i, "a clip (its id, or its number in 'list')")
        if timeline.clips.contains(where: { $0.id == name }) { return name }
        if let n = Int(name), n >= 1, n <= mainClips.count { return mainClips[n - 1].id }
        let known = mainClips.enumerated().map { "\($0.offset + 1) \($0.element.id)" }.joined(separator: ", ")
        throw .request("no clip '\(name)' (main track: \(known))")
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

    private func signedTime(_ text: String, what: String) throws(EditFailure) -> RationalTime {
        var body = Substring(text)
        var negative = false
        if body.hasPrefix("+") {
            body = body.dropFirst()
        } else if body.hasPrefix("-") {
            body = body.dropFirst()
            negative = true
        }
        guard let t = TimeText.time(from: String(body), frameRate: rate) else {
            throw .request("\(what) takes a time such as 2.5s, 1.2 or 48f, not '\(text)'")
        }
        return negative ? .zero - t : t
    }

    private func time(_ name: String) throws(EditFailure) -> RationalTime {
        guard let text = option(name) else { throw .request("\(operation) takes --\(name) <time>") }
        return try signedTime(text, what: "--\(name)")
    }

    /// `t` in frames; a time past the longest video (`Limits.maxTotalDuration`) either way is a
    /// mistake in the request (`EditFailure.request`), never a frame index past Int64.
    private func frames(_ t: RationalTime) throws(EditFailure) -> Int64 {
        let longest = Limits.maxTotalDuration
        guard t <= longest, .zero - longest <= t else {
            throw .request("an edit's times and lengths are within the longest video (\(longest)), not \(t)")
        }
        return rate.frame(at: t, rounding: .toNearestOrAwayFromZero)
    }

    private func span(_ r: TimeRange) -> String { "\(SlotAssignment.clock(r.start))-\(SlotAssignment.clock(r.end))" }
}
