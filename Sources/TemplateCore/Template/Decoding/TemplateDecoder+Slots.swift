import MediaTime

/// The slot rules: 1 to 200 slots, unique non-empty ids, positive durations of at most 600 s,
/// 3600 s in all.
extension TemplateDecoder {
    static let slotKeys = ["id", "accepts", "duration", "fit", "volume"]
    static let slotCountLimits = 1...200
    static let maxSlotDuration = RationalTime(seconds: 600)
    static let maxTotalDuration = RationalTime(seconds: 3600)

    /// The slots, or nil when any is unusable (every problem reported).
    mutating func readSlots(_ root: JSONObject, frameRate: FrameRate) -> [SlotSpec]? {
        let path = JSONPath.root.appending("slots")
        let example = "\"slots\": [{ \"id\": \"opening\", \"duration\": 2.5 }]"
        guard let value = context.required("slots", in: root, at: .root, example: example) else { return nil }
        guard let items = value.arrayValue else {
            context.wrongType(at: path, found: value, expected: "an array of slots", example: example)
            return nil
        }
        let limits = Self.slotCountLimits
        guard limits.contains(items.count) else {
            let problem = items.isEmpty ? "the template has no slots" : "the template has \(items.count) slots; the limit is \(limits.upperBound)"
            context.error(.slotCount, problem, at: path, notes: ["a template needs 1 to \(limits.upperBound) slots"])
            return nil
        }
        var slots: [SlotSpec] = []
        var firstUse: [String: JSONPath] = [:]
        var valid = true
        for (index, item) in items.enumerated() {
            guard let slot = readSlot(item, at: path.appending(index), frameRate: frameRate) else {
                valid = false
                continue
            }
            let idPath = path.appending(index).appending("id")
            if let first = firstUse[slot.id] {
                let place = context.document.position(of: first).map { " at line \($0.line)" } ?? ""
                context.error(.duplicateSlotID, "slot id '\(slot.id)' is already used by \(first.parent)\(place)", at: idPath,
                              notes: ["give each slot its own id"])
                valid = false
            } else {
                firstUse[slot.id] = idPath
            }
            slots.append(slot)
        }
        guard valid else { return nil }
        guard let total = Template.totalDuration(of: slots) else {
            context.error(.totalDuration, "the slot durations cannot be added exactly", at: path,
                          notes: ["write durations in seconds with few decimals, or as frames (\"48f\")"])
            return nil
        }
        guard total <= Self.maxTotalDuration else {
            context.error(.totalDuration, "the slots last \(TimeText.string(from: total)) in all; the limit is 3600s", at: path,
                          notes: ["shorten or remove slots"])
            return nil
        }
        return slots
    }

    private mutating func readSlot(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate) -> SlotSpec? {
        let example = "{ \"id\": \"opening\", \"duration\": 2.5 }"
        guard let object = context.object(value, at: path, known: Self.slotKeys, example: example) else { return nil }
        var id: String?
        if let value = context.required("id", in: object, at: path, example: "\"id\": \"opening\""),
           let text = context.string(value, at: path.appending("id"), example: "\"id\": \"opening\"") {
            if text.trimmingJSONSpace.isEmpty {
                context.error(.emptySlotID, "the slot id is empty", at: path.appending("id"),
                              notes: ["give the slot a short name such as \"opening\""])
            } else {
                id = text
            }
        }
        var duration: RationalTime?
        if let value = context.required("duration", in: object, at: path, example: "\"duration\": 2.5") {
            duration = readSlotDuration(value, at: path.appending("duration"), frameRate: frameRate)
        }
        var accepts: SlotAccepts? = .any
        if let value = object["accepts"] { accepts = context.choice(value, at: path.appending("accepts"), as: SlotAccepts.self) }
        var fit: Fit? = .cover
        if let value = object["fit"] { fit = context.choice(value, at: path.appending("fit"), as: Fit.self) }
        var volume: Double? = 0
        if let value = object["volume"] { volume = context.volume(value, at: path.appending("volume")) }
        guard let id, let duration, let accepts, let fit, let volume else { return nil }
        return SlotSpec(id: id, accepts: accepts, duration: duration, fit: fit, volume: volume)
    }

    private mutating func readSlotDuration(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate) -> RationalTime? {
        guard let duration = context.time(value, at: path, frameRate: frameRate) else { return nil }
        let written = TimeText.string(from: duration)
        let fix = "use a duration from one frame (\(TimeText.string(from: frameRate.frameDuration))) to 600 seconds"
        if !duration.isPositive {
            context.error(.slotDuration, "duration \(written) is not positive", at: path, notes: [fix])
            return nil
        }
        if duration < frameRate.frameDuration {
            context.error(.slotDuration, "duration \(written) is shorter than one frame at \(frameRate) fps", at: path, notes: [fix])
            return nil
        }
        if duration > Self.maxSlotDuration {
            context.error(.slotDuration, "duration \(written) is longer than 600s", at: path, notes: [fix])
            return nil
        }
        return duration
    }
}
