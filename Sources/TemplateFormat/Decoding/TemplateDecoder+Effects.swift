import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// Effects named from the catalog: filters, transitions, motions and enter/leave animations.
///
/// Each is written as an object with a `kind` and its parameters beside it
/// (`{ "kind": "vignette", "strength": 0.6 }`), or as the bare id when the defaults suit
/// (`"crossfade"`). Ids, parameter names and ranges are checked against the catalog.
extension TemplateDecoder {
    static let defaultTransition = RationalTime(value: 1, timescale: 2)
    static let defaultAnimation = RationalTime(value: 1, timescale: 2)

    /// The catalog entry named by an effect and the object holding its keys; reports unknown ids and keys.
    private mutating func effect(
        _ value: JSONValue, at path: JSONPath, family: EffectFamily, keys: [String],
        example: String
    ) -> (CatalogEntry, JSONObject)? {
        let object: JSONObject
        let kindPath: JSONPath
        switch value {
        case .string(let id):
            object = JSONObject([.init(key: "kind", value: .string(id))])
            kindPath = path
        case .object(let o):
            object = o
            kindPath = path.appending("kind")
            guard o["kind"] != nil else {
                // The second id is a better example than `cut` or `none`; a family of one has only the first.
                let ids = Catalog.ids(of: family)
                context.error(.missingKey, "missing required key 'kind'", at: path, notes: ["add \"kind\": \"\(ids[min(1, ids.count - 1)])\""])
                return nil
            }
        default:
            context.wrongType(at: path, found: value, expected: "a \(family.singular) name or object", example: example)
            return nil
        }
        guard let kind = object["kind"],
            let id = context.word(kind, at: kindPath, among: Catalog.ids(of: family), what: "a \(family.singular) in the catalog"),
            let entry = Catalog.entry(family, id)
        else { return nil }
        if case .object = value {
            context.reportUnknownKeys(of: object, at: path, known: keys + entry.parameters.map(\.name))
        }
        return (entry, object)
    }

    /// Every parameter of `entry`: the written values, checked against the catalog, and defaults.
    private mutating func parameters(
        of entry: CatalogEntry, in object: JSONObject, at path: JSONPath,
        timing: ItemTiming = .unknown
    ) -> [String: ParameterValue]? {
        var values: [String: ParameterValue] = [:]
        var valid = true
        for parameter in entry.parameters {
            let paramPath = path.appending(parameter.name)
            guard let value = object[parameter.name] else {
                if let d = parameter.defaultValue {
                    values[parameter.name] = .number(d)
                } else if let hex = parameter.defaultColor, let c = RGBColor(hex: hex) {
                    values[parameter.name] = .color(c)
                } else {
                    context.error(
                        .missingKey, "\(entry.id) needs '\(parameter.name)' (\(parameter.summary))", at: path,
                        notes: proposeFile(for: parameter.name, role: Self.role(of: parameter, in: entry) ?? .picture))
                    valid = false
                }
                continue
            }
            switch parameter.type {
            case .number(let range):
                if case .array(let items) = value {
                    guard parameter.animatable else {
                        context.error(
                            .notAnimatable, "\(entry.id) '\(parameter.name)' cannot change over time", at: paramPath,
                            notes: ["give one number from \(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound))"])
                        valid = false
                        continue
                    }
                    if let keyframes = readValueKeyframes(items, at: paramPath, range: range, what: "\(entry.id) \(parameter.name)", timing: timing) {
                        values[parameter.name] = .keyframes(keyframes)
                    } else {
                        valid = false
                    }
                } else if let x = context.number(value, at: paramPath, in: range, what: "\(entry.id) \(parameter.name)", code: .parameterRange) {
                    values[parameter.name] = .number(x)
                } else {
                    valid = false
                }
            case .color:
                if let c = context.color(value, at: paramPath, alpha: false) {
                    values[parameter.name] = .color(RGBColor(red: c.red, green: c.green, blue: c.blue))
                } else {
                    valid = false
                }
            case .file:
                let role = Self.role(of: parameter, in: entry) ?? .picture
                if let text = context.string(value, at: paramPath, example: "\"\(parameter.name)\": \"\(role.example)\""),
                    checkAsset(text, at: paramPath, role: role)
                {
                    values[parameter.name] = .file(text)
                } else {
                    valid = false
                }
            }
        }
        return valid ? values : nil
    }

    /// A list of filters (a slot's, a layer's, or the grade); keyframe times are within `timing`.
    mutating func readFilters(_ value: JSONValue, at path: JSONPath, timing: ItemTiming) -> [EffectSpec]? {
        guard
            let items = context.array(
                value, at: path, limit: Limits.maxFilters, what: "filters",
                example: "[{ \"kind\": \"saturation\", \"amount\": 1.2 }]")
        else { return nil }
        var filters: [EffectSpec] = []
        var valid = true
        for (i, item) in items.enumerated() {
            let itemPath = path.appending(i)
            guard
                let (entry, object) = effect(
                    item, at: itemPath, family: .filter, keys: TemplateKeys.filter,
                    example: "{ \"kind\": \"saturation\", \"amount\": 1.2 }"),
                let values = parameters(of: entry, in: object, at: itemPath, timing: timing)
            else {
                valid = false
                continue
            }
            filters.append(EffectSpec(kind: entry.id, parameters: values))
        }
        return valid ? filters : nil
    }

    /// A media layer's key: `"chroma"`, or `{ "kind": "chroma", "color": "#00b140", "similarity": 0.3 }`,
    /// its parameters checked against the catalog's key entry and completed with its defaults.
    mutating func readKey(_ value: JSONValue, at path: JSONPath) -> EffectSpec? {
        guard
            let (entry, object) = effect(
                value, at: path, family: .key, keys: TemplateKeys.key,
                example: "{ \"kind\": \"chroma\", \"color\": \"#00ff00\" }"),
            let values = parameters(of: entry, in: object, at: path)
        else { return nil }
        return EffectSpec(kind: entry.id, parameters: values)
    }

    /// A transition; `timing` gets its kind and duration when those two are usable, even when a
    /// parameter is not, so that its length is still checked against the slots beside it. A
    /// duration in beats needs the cut, known once every slot is read: it goes to `beats`, and
    /// the duration is set by `readSlots` (see `centredLength`).
    mutating func readTransition(
        _ value: JSONValue, at path: JSONPath, timing: inout (kind: String, duration: RationalTime)?,
        beats: inout (kind: String, beats: RationalTime)?
    ) -> TransitionSpec? {
        guard
            let (entry, object) = effect(
                value, at: path, family: .transition, keys: TemplateKeys.transition,
                example: "{ \"kind\": \"crossfade\", \"duration\": 0.5 }")
        else { return nil }
        let values = parameters(of: entry, in: object, at: path)
        var valid = true
        var duration = entry.id == "cut" ? RationalTime.zero : Self.defaultTransition
        if let value = object["duration"], entry.id != "cut", case .beats(let n)? = TemplateTime(value) {
            beats = (entry.id, n)
        } else if let value = object["duration"] {
            let range = entry.id == "cut" ? RationalTime.zero...RationalTime.zero : TransitionDuration.allowed(at: frameRate)
            if let d = context.duration(
                value, at: path.appending("duration"), rate: frameRate, in: range,
                what: entry.id == "cut" ? "a cut has no duration; duration" : "transition duration")
            {
                duration = d
            } else {
                valid = false
            }
        }
        if valid, beats == nil { timing = (entry.id, duration) }
        let easing = choice(object, "easing", at: path, default: Easing.easeInOut, valid: &valid)
        guard valid, let values else { return nil }
        return TransitionSpec(kind: entry.id, duration: duration, easing: easing, parameters: values)
    }

    /// A preset or keyframes; keyframe times are within `timing`.
    mutating func readMotion(_ value: JSONValue, at path: JSONPath, timing: ItemTiming) -> MotionSpec? {
        if let object = value.objectValue, let keyframes = object["keyframes"] {
            context.reportUnknownKeys(of: object, at: path, known: TemplateKeys.motion)
            if object["kind"] != nil {
                context.error(
                    .conflictingKeys, "the motion gives both a preset 'kind' and 'keyframes'", at: path.appending("kind"),
                    notes: ["keep \"kind\" for a preset, or \"keyframes\" for your own moves"])
                return nil
            }
            return readPoseKeyframes(keyframes, at: path.appending("keyframes"), timing: timing).map(MotionSpec.keyframes)
        }
        guard
            let (entry, object) = effect(
                value, at: path, family: .motion, keys: TemplateKeys.motion,
                example: "{ \"kind\": \"zoomIn\", \"amount\": 1.2 }"),
            let values = parameters(of: entry, in: object, at: path)
        else { return nil }
        return .preset(kind: entry.id, parameters: values)
    }

    /// An enter or leave animation: `"fade"` or `{ "kind": "slideUp", "duration": 0.4 }`.
    /// Its duration may be in beats, counted from `reference` in `direction` (see `readAnimations`).
    mutating func readAnimation(
        _ value: JSONValue, at path: JSONPath, from reference: RationalTime?, direction: BeatDirection,
        referenceName: String
    ) -> LayerAnimation? {
        guard
            let (entry, object) = effect(
                value, at: path, family: .textAnimation, keys: TemplateKeys.animation,
                example: "{ \"kind\": \"fade\", \"duration\": 0.5 }")
        else { return nil }
        var duration = entry.id == "none" ? RationalTime.zero : Self.defaultAnimation
        if let value = object["duration"] {
            guard
                let d = boundedLength(
                    value, at: path.appending("duration"), from: reference, direction: direction,
                    in: RationalTime.zero...Limits.maxAnimation, what: "animation duration",
                    referenceName: referenceName)
            else { return nil }
            duration = d
        }
        return LayerAnimation(kind: entry.id, duration: duration)
    }
}

extension EffectFamily {
    /// "transition", "filter", "motion", "text animation", "easing", "blend mode", "key".
    var singular: String {
        switch self {
        case .textAnimation: "text animation"
        case .blend: "blend mode"
        default: rawValue
        }
    }
}

extension TemplateDecoder {
    /// What a file parameter is for: a transition's picture is its mask, a filter's `.cube` its look.
    package static func role(of parameter: CatalogParameter, in entry: CatalogEntry) -> AssetRole? {
        guard case .file(let kind) = parameter.type else { return nil }
        switch kind {
        case .image: return entry.family == .transition ? .mask : .picture
        case .audio: return .music
        case .lut: return .lut
        case .font: return .font
        case .captions: return .captions
        }
    }
}
