import DocumentJSON
import DocumentLimits
import MediaTime
import TimelineModel

/// The slot rules: 1 to 200 slots, unique non-empty ids, durations of one frame to 600 s (in
/// seconds, frames or beats), 3600 s in all; fit, playback, motion, filters and transition.
extension TemplateDecoder {
    /// What was read of one slot: the slot when every key is usable, and what the rules across
    /// slots need (its id, written duration and transition) as far as each is usable.
    package struct PendingSlot {
        package var slot: SlotSpec?
        package var id: String?
        package var length: TemplateTime?
        package var path: JSONPath
        package var transition: (kind: String, duration: RationalTime)?
        /// A transition whose duration is written in beats, centred on the cut after the slot.
        var transitionBeats: (kind: String, beats: RationalTime)?
    }

    /// The slots, or nil when any is unusable (every problem reported). What each slot yielded is
    /// kept in `facts.slots`, for the rules across parts.
    mutating func readSlots(_ root: JSONObject) -> [SlotSpec]? {
        let path = JSONPath.root.appending("slots")
        let example = "\"slots\": [{ \"id\": \"opening\", \"duration\": 2.5 }]"
        guard let value = context.required("slots", in: root, at: .root, example: example) else { return nil }
        guard let items = value.arrayValue else {
            context.wrongType(at: path, found: value, expected: "an array of slots", example: example)
            return nil
        }
        let limits = Limits.slotCount
        guard limits.contains(items.count) else {
            let problem = items.isEmpty ? "the template has no slots" : "the template has \(items.count) slots; the limit is \(limits.upperBound)"
            context.error(.slotCount, problem, at: path, notes: ["a template needs 1 to \(limits.upperBound) slots"])
            return nil
        }
        // First every id and duration, so that keyframe times in the slots' motions and filters
        // (which may count beats from the slot's start) know where each slot is.
        var pending: [PendingSlot] = []
        var objects: [JSONObject?] = []
        var claimed: [Bool] = []
        for (index, item) in items.enumerated() {
            let (object, slot) = readSlotHead(item, at: path.appending(index))
            claimed.append(slot.id.map { claim(id: $0, at: path.appending(index).appending("id")) } ?? true)
            objects.append(object)
            pending.append(slot)
        }
        let durations = slotDurations(pending)
        var start: RationalTime? = .zero
        for i in pending.indices {
            let timing = ItemTiming(start: start, duration: durations[i], name: "the slot")
            if let object = objects[i] { readSlotBody(object, timing: timing, into: &pending[i]) }
            if !claimed[i] { pending[i].slot = nil }
            start = durations[i].flatMap { start?.addingReportingOverflow($0) }
        }
        placeTransitionsInBeats(&pending, durations: durations)
        let valid = pending.allSatisfy { $0.slot != nil }
        facts.slots = zip(pending, durations).map { SlotFacts(path: $0.path, id: $0.id, duration: $1, transition: $0.transition) }
        let known = durations.compactMap { $0 }
        guard known.count == durations.count else { return nil }
        var sum: RationalTime? = .zero
        for d in known { sum = sum?.addingReportingOverflow(d) }
        guard let total = sum else {
            context.error(
                .totalDuration, "the slot durations cannot be added exactly", at: path,
                notes: ["write durations in seconds with few decimals, or as frames (\"48f\")"])
            return nil
        }
        facts.total = total
        guard total <= Limits.maxTotalDuration else {
            context.error(
                .totalDuration, "the slots last \(TimeText.string(from: total)) in all; the limit is 3600s", at: path,
                notes: ["shorten or remove slots"])
            return nil
        }
        guard valid else { return nil }
        return zip(pending, known).compactMap { p, d in
            guard var s = p.slot, let length = p.length else { return nil }
            s.duration = d
            s.length = length
            return s
        }
    }

    /// Records `id` as used at `path`; false (after reporting) when a slot or layer already has it.
    mutating func claim(id: String, at path: JSONPath) -> Bool {
        if let first = ids[id] {
            let place = context.document.position(of: first).map { " at line \($0.line)" } ?? ""
            context.error(
                .duplicateSlotID, "id '\(id)' is already used by \(first.parent.pointer)\(place)", at: path,
                notes: ["give each slot and layer its own id"])
            return false
        }
        ids[id] = path
        return true
    }

    /// Exact durations, nil where unusable: beats are counted from where each slot starts, so slots
    /// follow one another. With a list of beats, a slot in beats after one whose duration is
    /// broken cannot be placed, and says so; with a tempo, it can.
    private mutating func slotDurations(_ pending: [PendingSlot]) -> [RationalTime?] {
        var durations: [RationalTime?] = []
        var start: RationalTime? = .zero
        for p in pending {
            let durationPath = p.path.appending("duration")
            var duration: RationalTime?
            if let written = p.length {
                let before = durations.last.map { _ in "the slot's start (the end of the slot before it)" } ?? "the start of the video"
                duration = length(of: written, from: start, at: durationPath, what: "the duration", referenceName: before)
                if written.unit != "seconds", let d = duration, !checkSlotDuration(d, written: written, at: durationPath) { duration = nil }
            }
            durations.append(duration)
            start = duration.flatMap { start?.addingReportingOverflow($0) }
        }
        return durations
    }

    private mutating func checkSlotDuration(_ duration: RationalTime, written: TemplateTime, at path: JSONPath) -> Bool {
        let text = TimeText.string(from: duration)
        let shown = written.unit == "seconds" ? text : "\(written.text) (\(text))"
        let fix = "use a duration from one frame (\(TimeText.string(from: frameRate.frameDuration))) to 600 seconds"
        if !duration.isPositive {
            context.error(.slotDuration, "duration \(shown) is not positive", at: path, notes: [fix])
        } else if duration < frameRate.frameDuration {
            context.error(.slotDuration, "duration \(shown) is shorter than one frame at \(frameRate) fps", at: path, notes: [fix])
        } else if duration > Limits.maxSlotDuration {
            context.error(.slotDuration, "duration \(shown) is longer than 600s", at: path, notes: [fix])
        } else {
            return true
        }
        return false
    }

    /// The slot's object, id and written duration.
    private mutating func readSlotHead(_ value: JSONValue, at path: JSONPath) -> (JSONObject?, PendingSlot) {
        let example = "{ \"id\": \"opening\", \"duration\": 2.5 }"
        var read = PendingSlot(slot: nil, id: nil, length: nil, path: path, transition: nil, transitionBeats: nil)
        guard let object = context.object(value, at: path, known: TemplateKeys.slot, example: example) else { return (nil, read) }
        var id: String?
        if let value = context.required("id", in: object, at: path, example: "\"id\": \"opening\""),
            let text = context.string(value, at: path.appending("id"), example: "\"id\": \"opening\"")
        {
            if text.trimmingJSONSpace.isEmpty {
                context.error(
                    .emptySlotID, "the slot id is empty", at: path.appending("id"),
                    notes: ["give the slot a short name such as \"opening\""])
            } else if text.count > Limits.maxShortText {
                context.error(
                    .textTooLong, "the slot id has \(text.count) characters; the limit is \(Limits.maxShortText)",
                    at: path.appending("id"), notes: ["use a short name such as \"opening\""])
            } else {
                id = text
            }
        }
        var length: TemplateTime?
        if let value = context.required("duration", in: object, at: path, example: "\"duration\": 2.5") {
            length = context.templateTime(value, at: path.appending("duration"), beats: true)
            // Seconds and frames are checked now, so that every slot's duration is checked whatever
            // else is wrong; beats need the slots before them and are checked once all are read.
            if case .seconds(let t)? = length, !checkSlotDuration(t, written: .seconds(t), at: path.appending("duration")) { length = nil }
            if case .frames(let n)? = length, facts.frameRateKnown,
                !checkSlotDuration(frameRate.time(ofFrame: n), written: .frames(n), at: path.appending("duration"))
            {
                length = nil
            }
        }
        (read.id, read.length) = (id, length)
        return (object, read)
    }

    /// Every other key of the slot; the slot itself when all are usable.
    private mutating func readSlotBody(_ object: JSONObject, timing: ItemTiming, into read: inout PendingSlot) {
        let path = read.path
        var valid = true
        let accepts = choice(object, "accepts", at: path, default: SlotAccepts.any, valid: &valid)
        let fit = choice(object, "fit", at: path, default: Fit.cover, valid: &valid)
        let orientation = choice(object, "orientation", at: path, default: PreferredOrientation.any, valid: &valid)
        var volume: Double? = 0
        if let value = object["volume"] { volume = context.volume(value, at: path.appending("volume")) }
        let playback = readPlayback(object, at: path)
        var motion: MotionSpec?
        if let value = object["motion"] {
            motion = readMotion(value, at: path.appending("motion"), timing: timing)
            if motion == nil { valid = false }
        }
        var filters: [EffectSpec]? = []
        if let value = object["filters"] { filters = readFilters(value, at: path.appending("filters"), timing: timing) }
        var transition: TransitionSpec?
        var transitionTiming: (kind: String, duration: RationalTime)?
        var beats: (kind: String, beats: RationalTime)?
        if let value = object["transition"] {
            transition = readTransition(value, at: path.appending("transition"), timing: &transitionTiming, beats: &beats)
            if transition == nil { valid = false }
        }
        var repeatable = false
        if let value = object["repeatable"] {
            if let flag = context.bool(value, at: path.appending("repeatable")) { repeatable = flag } else { valid = false }
        }
        (read.transition, read.transitionBeats) = (transitionTiming, beats)
        guard valid, let id = read.id, let length = read.length, let volume, let playback, let filters else { return }
        var slot = SlotSpec(
            id: id, accepts: accepts, duration: .zero, length: length, fit: fit, volume: volume, playback: playback,
            orientation: orientation, motion: motion, filters: filters, transition: transition)
        slot.repeatable = repeatable
        read.slot = slot
    }

    /// The value of an optional word key, or `fallback` when absent; clears `valid` on a bad word.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ object: JSONObject, _ key: String, at path: JSONPath, default fallback: Choice,
        valid: inout Bool
    ) -> Choice where Choice.RawValue == String {
        guard let value = object[key] else { return fallback }
        guard let chosen = context.choice(value, at: path.appending(key), as: Choice.self) else {
            valid = false
            return fallback
        }
        return chosen
    }

    /// Speed, direction and what to do with media shorter or longer than the slot.
    mutating func readPlayback(_ object: JSONObject, at path: JSONPath) -> Playback? {
        var playback = Playback()
        var valid = true
        if let value = object["speed"] {
            if let r = context.ratio(value, at: path.appending("speed"), in: Limits.speed, what: "speed") {
                playback.speed = r
            } else {
                valid = false
            }
        }
        if let value = object["minSpeed"] {
            if let r = context.ratio(value, at: path.appending("minSpeed"), in: Limits.minSpeed, what: "minSpeed") {
                playback.minSpeed = r
            } else {
                valid = false
            }
        }
        if let value = object["reverse"] {
            if let b = context.bool(value, at: path.appending("reverse")) { playback.reverse = b } else { valid = false }
        }
        playback.whenShorter = choice(object, "whenShorter", at: path, default: WhenShorter.speedFit, valid: &valid)
        playback.whenLonger = choice(object, "whenLonger", at: path, default: WhenLonger.start, valid: &valid)
        return valid ? playback : nil
    }
}
