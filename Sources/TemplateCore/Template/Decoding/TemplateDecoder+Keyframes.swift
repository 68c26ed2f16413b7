/// Keyframes: poses of a moving picture and values of an animated parameter, at increasing
/// fractions of the item's time within 0...1.
extension TemplateDecoder {
    static let scaleRange = 0.1...10.0
    static let offsetRange = -2.0...2.0
    static let rotationRange = -3600.0...3600.0

    mutating func readPoseKeyframes(_ value: JSONValue, at path: JSONPath) -> [PoseKeyframe]? {
        let example = "[{ \"at\": 0, \"scale\": 1 }, { \"at\": 1, \"scale\": 1.2 }]"
        guard let items = context.array(value, at: path, limit: TemplateLimits.maxKeyframes, what: "keyframes", example: example) else { return nil }
        var keyframes: [PoseKeyframe] = []
        var valid = true
        for (i, item) in items.enumerated() {
            let itemPath = path.appending(i)
            guard let object = context.object(item, at: itemPath, known: TemplateKeys.poseKeyframe, example: "{ \"at\": 0, \"scale\": 1 }"),
                  let at = readAt(object, at: itemPath, after: keyframes.last?.at) else {
                valid = false
                continue
            }
            var pose = PoseKeyframe(at: at)
            func read(_ key: String, _ range: ClosedRange<Double>, _ context: inout DecodingContext) -> Double?? {
                guard let v = object[key] else { return .some(nil) }
                return context.number(v, at: itemPath.appending(key), in: range, what: key).map { .some($0) }
            }
            if let s = read("scale", Self.scaleRange, &context) { pose.scale = s ?? 1 } else { valid = false }
            if let x = read("x", Self.offsetRange, &context) { pose.x = x ?? 0 } else { valid = false }
            if let y = read("y", Self.offsetRange, &context) { pose.y = y ?? 0 } else { valid = false }
            if let r = read("rotation", Self.rotationRange, &context) { pose.rotation = r ?? 0 } else { valid = false }
            pose.easing = choice(object, "easing", at: itemPath, default: Easing.linear, valid: &valid)
            keyframes.append(pose)
        }
        guard !items.isEmpty else {
            context.error(.tooMany, "the keyframes are empty", at: path, notes: ["give at least one keyframe, such as \(example)"])
            return nil
        }
        return valid ? keyframes : nil
    }

    mutating func readValueKeyframes(_ items: [JSONValue], at path: JSONPath, range: ClosedRange<Double>, what: String) -> [ValueKeyframe]? {
        let example = "[{ \"at\": 0, \"value\": \(Catalog.number(range.lowerBound)) }, { \"at\": 1, \"value\": \(Catalog.number(range.upperBound)) }]"
        guard items.count <= TemplateLimits.maxKeyframes else {
            context.error(.tooMany, "\(items.count) keyframes; the limit is \(TemplateLimits.maxKeyframes)", at: path, notes: ["remove some"])
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
                  let at = readAt(object, at: itemPath, after: keyframes.last?.at),
                  let raw = context.required("value", in: object, at: itemPath, example: "\"value\": 1"),
                  let value = context.number(raw, at: itemPath.appending("value"), in: range, what: what, code: .parameterRange) else {
                valid = false
                continue
            }
            let easing = choice(object, "easing", at: itemPath, default: Easing.linear, valid: &valid)
            keyframes.append(ValueKeyframe(at: at, value: value, easing: easing))
        }
        return valid ? keyframes : nil
    }

    /// The `at` of a keyframe: within 0...1 and after the previous keyframe's.
    private mutating func readAt(_ object: JSONObject, at path: JSONPath, after previous: Double?) -> Double? {
        guard let raw = context.required("at", in: object, at: path, example: "\"at\": 0.5"),
              let at = context.number(raw, at: path.appending("at"), in: 0...1, what: "keyframe time", code: .keyframeOrder) else { return nil }
        if let previous, at <= previous {
            context.error(.keyframeOrder, "keyframe at \(Catalog.number(at)) is not after the one before it (at \(Catalog.number(previous)))",
                          at: path.appending("at"), notes: ["list keyframes in increasing order of \"at\", from 0 (start) to 1 (end)"])
            return nil
        }
        return at
    }
}
