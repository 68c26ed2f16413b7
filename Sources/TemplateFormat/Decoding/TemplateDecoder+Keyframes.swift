import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// Keyframes: poses of a moving picture and values of an animated parameter, at increasing
/// fractions of the item's time within 0...1, or at times from the item's start written in
/// seconds, frames or beats (`"at": "2 beats"`), which need the item's start and duration.
extension TemplateDecoder {
    /// Where the item that keyframes animate (a slot, a layer, the whole video) starts and how long
    /// it lasts, when known.
    package struct ItemTiming {
        package var start: RationalTime?
        package var duration: RationalTime?
        /// "the slot", "the layer", "the video": for messages.
        package var name: String

        package static let unknown = ItemTiming(start: nil, duration: nil, name: "the item")
    }

    mutating func readPoseKeyframes(_ value: JSONValue, at path: JSONPath, timing: ItemTiming) -> [PoseKeyframe]? {
        let example = "[{ \"at\": 0, \"scale\": 1 }, { \"at\": 1, \"scale\": 1.2 }]"
        guard let items = context.array(value, at: path, limit: Limits.maxKeyframes, what: "keyframes", example: example) else { return nil }
        var keyframes: [PoseKeyframe] = []
        var valid = true
        for (i, item) in items.enumerated() {
            let itemPath = path.appending(i)
            guard let object = context.object(item, at: itemPath, known: TemplateKeys.poseKeyframe, example: "{ \"at\": 0, \"scale\": 1 }"),
                let at = readAt(object, at: itemPath, after: keyframes.last?.at, timing: timing)
            else {
                valid = false
                continue
            }
            var pose = PoseKeyframe(at: at.fraction, time: at.time)
            func read(_ key: String, _ range: ClosedRange<Double>, _ context: inout DecodingContext) -> Double?? {
                guard let v = object[key] else { return .some(nil) }
                return context.number(v, at: itemPath.appending(key), in: range, what: key).map { .some($0) }
            }
            if let s = read("scale", Limits.poseScale, &context) { pose.scale = s ?? 1 } else { valid = false }
            if let x = read("x", Limits.poseOffset, &context) { pose.x = x ?? 0 } else { valid = false }
            if let y = read("y", Limits.poseOffset, &context) { pose.y = y ?? 0 } else { valid = false }
            if let r = read("rotation", Limits.rotation, &context) { pose.rotation = r ?? 0 } else { valid = false }
            pose.easing = choice(object, "easing", at: itemPath, default: Easing.linear, valid: &valid)
            keyframes.append(pose)
        }
        guard !items.isEmpty else {
            context.error(.tooMany, "the keyframes are empty", at: path, notes: ["give at least one keyframe, such as \(example)"])
            return nil
        }
        return valid ? keyframes : nil
    }

    mutating func readValueKeyframes(
        _ items: [JSONValue], at path: JSONPath, range: ClosedRange<Double>, what: String,
        timing: ItemTiming
    ) -> [ValueKeyframe]? {
        let example = "[{ \"at\": 0, \"value\": \(Catalog.number(range.lowerBound)) }, { \"at\": 1, \"value\": \(Catalog.number(range.upperBound)) }]"
        guard items.count <= Limits.maxKeyframes else {
            context.error(.tooMany, "\(items.count) keyframes; the limit is \(Limits.maxKeyframes)", at: path, notes: ["remove some"])
            return nil
        }
        guard !items.isEmpty else {
            context.error(.tooMany, "the keyframes are empty", at: path, notes: ["give a number, or keyframes such as \(example)"])
            return nil
        }
        var keyframes: [ValueKeyframe] = []
        var valid = true
        for (i, item) in items.enumerated() {
            let itemPath = path.appending(i)
            guard let object = context.object(item, at: itemPath, known: TemplateKeys.valueKeyframe, example: "{ \"at\": 0, \"value\": 1 }"),
                let at = readAt(object, at: itemPath, after: keyframes.last?.at, timing: timing),
                let raw = context.required("value", in: object, at: itemPath, example: "\"value\": 1"),
                let value = context.number(raw, at: itemPath.appending("value"), in: range, what: what, code: .parameterRange)
            else {
                valid = false
                continue
            }
            let easing = choice(object, "easing", at: itemPath, default: Easing.linear, valid: &valid)
            keyframes.append(ValueKeyframe(at: at.fraction, time: at.time, value: value, easing: easing))
        }
        return valid ? keyframes : nil
    }

    /// The `at` of a keyframe: a fraction within 0...1, or a time within the item; after the
    /// previous keyframe's. A time gives its exact value and its fraction of the item.
    private mutating func readAt(
        _ object: JSONObject, at path: JSONPath, after previous: Double?,
        timing: ItemTiming
    ) -> (fraction: Double, time: RationalTime?)? {
        guard let raw = context.required("at", in: object, at: path, example: "\"at\": 0.5") else { return nil }
        let atPath = path.appending("at")
        var result: (fraction: Double, time: RationalTime?)
        if case .string = raw {
            guard let written = context.templateTime(raw, at: atPath, beats: true),
                let t = length(of: written, from: timing.start, at: atPath, what: "the keyframe time", referenceName: "the start of \(timing.name)")
            else { return nil }
            guard let duration = timing.duration else {
                skipped(
                    "the keyframe at \(written.text) is not placed", at: atPath,
                    because: "a time needs the length of \(timing.name), which is not known because of an error")
                return nil
            }
            let shown = written.unit == "seconds" ? TimeText.string(from: t) : "\(written.text) (\(TimeText.string(from: t)))"
            guard !t.isNegative, t <= duration, duration.isPositive else {
                context.error(
                    .keyframeOrder, "keyframe at \(shown) is outside \(timing.name) (0s...\(TimeText.string(from: duration)))", at: atPath,
                    notes: ["give a time from the start of \(timing.name) to its end, or a fraction from 0 to 1"])
                return nil
            }
            // The fraction orders keyframes and draws a still; the exact time places it on the timeline.
            result = (t.seconds / duration.seconds, t)
        } else {
            guard let at = context.number(raw, at: atPath, in: Limits.fraction, what: "keyframe time", code: .keyframeOrder) else { return nil }
            result = (at, nil)
        }
        if let previous, result.fraction <= previous {
            context.error(
                .keyframeOrder, "keyframe at \(Self.atText(raw)) is not after the one before it (at \(Catalog.number(previous)) of \(timing.name))",
                at: atPath, notes: ["list keyframes in increasing order of \"at\", from 0 (start) to 1 (end)"])
            return nil
        }
        return result
    }

    /// The `at` as written, for messages.
    private static func atText(_ value: JSONValue) -> String {
        if let n = value.numberValue { return Catalog.number(n.doubleValue ?? 0) }
        return value.stringValue ?? ""
    }
}
