import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime

/// Decoding of what a timeline names from the catalog: filters and transitions, each kind and
/// parameter checked against its entry, none guessed.
extension TimelineDecoder {
    /// A filter of the catalog with its parameters: each named by the catalog and within its range;
    /// one left out takes the catalog's default. `lut` needs its `file`, and only it has one.
    package func effect(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Effect {
        let o = try reader.object(value, at: path, known: ["kind", "parameters", "file", "animation"])
        let kindText = try reader.word(
            reader.required("kind", in: o, at: path), at: path.appending("kind"), among: Catalog.ids(of: .filter),
            what: "a filter of the catalog (reel catalog)")
        let entry = kindText.flatMap { Catalog.entry(.filter, $0) }
        let params = try parameters(o["parameters"], of: entry, at: path.appending("parameters"))
        let file = try o["file"].map { v throws(TimelineCodingError) in try media(v, at: path.appending("file")) }
        if let entry {
            let wantsFile = entry.parameters.contains { if case .file = $0.type { true } else { false } }
            if wantsFile && file == nil {
                reader.report("\(entry.id) needs its file", at: path, code: .missingKey, notes: ["add \"file\": \"looks/warm.cube\""])
            } else if !wantsFile && file != nil {
                reader.report("\(entry.id) reads no file", at: path.appending("file"), code: .unknownKey, notes: ["remove \"file\""], atKey: true)
            }
        }
        var animation: [String: [EffectKeyframe]] = [:]
        if let v = o["animation"] {
            let ap = path.appending("animation")
            guard let members = v.objectValue?.members else { throw reader.failure("expected an object of keyframe lists by parameter", at: ap) }
            for member in members {
                let mp = ap.appending(member.key)
                let parameter = entry?.parameter(member.key)
                if let entry, parameter?.range == nil {
                    reader.report(
                        "\(entry.id) has no number parameter '\(member.key)'", at: mp, code: .unknownKey,
                        notes: ["its parameters are \(entry.parameters.map(\.name).joined(separator: ", "))"], atKey: true)
                } else if let entry, let parameter, !parameter.animatable {
                    reader.report(
                        "\(entry.id) '\(member.key)' cannot change over time", at: mp, code: .notAnimatable,
                        notes: ["give it one value in parameters"], atKey: true)
                }
                guard let items = member.value.arrayValue, !items.isEmpty else {
                    throw reader.failure("expected a non-empty array of keyframes", at: mp)
                }
                if items.count > Limits.maxKeyframes {
                    reader.report("\(items.count) keyframes; the limit is \(Limits.maxKeyframes)", at: mp, code: .tooMany, notes: ["remove some"])
                }
                var keys: [EffectKeyframe] = []
                for (i, item) in items.enumerated() {
                    let kp = mp.appending(i)
                    let k = try reader.object(item, at: kp, known: ["time", "value", "easing"])
                    let t = try reader.time(reader.required("time", in: k, at: kp), at: kp.appending("time"), frameRate: nil)
                    if let last = keys.last, t <= last.time {
                        reader.report(
                            "keyframe times must increase", at: kp.appending("time"), code: .keyframeOrder,
                            notes: ["make it later than \(TimeText.string(from: last.time))"])
                    }
                    var easing = Easing.linear
                    if let e = k["easing"] { easing = try reader.choice(e, at: kp.appending("easing"), as: Easing.self) }
                    let range = parameter?.range ?? -1e9...1e9
                    keys.append(
                        EffectKeyframe(
                            time: t,
                            value: try number(
                                reader.required("value", in: k, at: kp), at: kp.appending("value"), in: range,
                                code: .parameterRange),
                            easing: easing))
                }
                animation[member.key] = keys
            }
        }
        return Effect(kind: kindText ?? "", parameters: params, file: file, animation: animation)
    }

    /// The numbers of a catalog entry by name, each within its range; those left out take the
    /// catalog's default. Without an entry (its kind is unknown, and reported) only the types are read.
    package func parameters(_ value: JSONValue?, of entry: CatalogEntry?, at path: JSONPath) throws(TimelineCodingError) -> [String: Double] {
        var result: [String: Double] = [:]
        if let value {
            guard let o = value.objectValue else { throw reader.failure("expected an object of named numbers, found \(value.typeName)", at: path) }
            for member in o.members {
                let mp = path.appending(member.key)
                guard let entry else {
                    result[member.key] = try number(member.value, at: mp, in: -1e9...1e9)
                    continue
                }
                guard let range = entry.parameter(member.key)?.range else {
                    let names = entry.parameters.compactMap { $0.range == nil ? nil : $0.name }
                    reader.report(
                        "\(entry.id) has no number parameter '\(member.key)'", at: mp, code: .unknownKey,
                        notes: [names.isEmpty ? "\(entry.id) takes no parameters: remove it" : "its parameters are \(names.joined(separator: ", "))"],
                        atKey: true)
                    continue
                }
                result[member.key] = try number(member.value, at: mp, in: range, code: .parameterRange)
            }
        }
        for parameter in entry?.parameters ?? [] where result[parameter.name] == nil {
            if parameter.range != nil, let d = parameter.defaultValue { result[parameter.name] = d }
        }
        return result
    }

    /// A transition: its `kind` among the catalog's, its parameters checked against that entry, its range in time.
    package func transition(_ value: JSONValue, at path: JSONPath, frameRate rate: FrameRate) throws(TimelineCodingError) -> Transition {
        let o = try reader.object(value, at: path, known: ["kind", "from", "to", "range", "easing", "parameters", "mask"])
        let kindText = try reader.word(
            reader.required("kind", in: o, at: path), at: path.appending("kind"), among: Catalog.ids(of: .transition),
            what: "a transition of the catalog (reel catalog)")
        let entry = kindText.flatMap { Catalog.entry(.transition, $0) }
        let from = try reader.string(reader.required("from", in: o, at: path), at: path.appending("from"))
        let to = try reader.string(reader.required("to", in: o, at: path), at: path.appending("to"))
        let range = try reader.range(reader.required("range", in: o, at: path), at: path.appending("range"), frameRate: rate)
        var easing = Easing.linear
        if let v = o["easing"] { easing = try reader.choice(v, at: path.appending("easing"), as: Easing.self) }
        let mask = try o["mask"].map { v throws(TimelineCodingError) in try media(v, at: path.appending("mask")) }
        if let entry {
            let wantsMask = entry.parameter("mask") != nil
            if wantsMask && mask == nil {
                reader.report("\(entry.id) needs its mask", at: path, code: .missingKey, notes: ["add \"mask\": \"masks/diagonal.png\""])
            } else if !wantsMask && mask != nil {
                reader.report("\(entry.id) reads no mask", at: path.appending("mask"), code: .unknownKey, notes: ["remove \"mask\""], atKey: true)
            }
        }
        return Transition(
            kind: kindText ?? "", from: from, to: to, range: range, easing: easing,
            parameters: try parameters(o["parameters"], of: entry, at: path.appending("parameters")), mask: mask)
    }
}
