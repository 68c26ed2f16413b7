import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// Typed readers for numbers, flags, texts, colours, lists and times: each reports what it
/// expected and what it found, and returns nil after reporting.
extension DecodingContext {
    /// A finite number within `range`; `code` names the rule (catalog parameters use their own).
    package mutating func number(
        _ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>, what: String,
        code: DiagnosticCode = .outOfRange
    ) -> Double? {
        let bounds = "\(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound))"
        guard let n = value.numberValue else {
            wrongType(at: path, found: value, expected: "a number", example: "\(path.lastKey ?? "value"): \(Catalog.number(range.lowerBound))")
            return nil
        }
        guard let x = n.doubleValue, x.isFinite, range.contains(x) else {
            error(code, "\(what) \(n.text) is outside \(bounds)", at: path, notes: ["use a number from \(bounds)"])
            return nil
        }
        return x
    }

    /// An exact ratio (a speed) written as a number or `"a/b"`, within `range`.
    package mutating func ratio(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>, what: String) -> RationalTime? {
        let bounds = "\(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound))"
        switch value {
        case .number, .string:
            guard let r = TimeText.ratio(from: value) else {
                error(
                    .wrongType, "expected a number such as 0.5 or \"1/2\", found '\(value.stringValue ?? "")'", at: path,
                    notes: ["write \(what) as a number (0.5) or an exact fraction (\"2/3\")"])
                return nil
            }
            guard r.seconds >= range.lowerBound, r.seconds <= range.upperBound else {
                error(.outOfRange, "\(what) \(TimeText.ratioString(from: r)) is outside \(bounds)", at: path, notes: ["use a value from \(bounds)"])
                return nil
            }
            return r
        default:
            wrongType(at: path, found: value, expected: "a number", example: "\"\(path.lastKey ?? "speed")\": 0.5")
            return nil
        }
    }

    package mutating func bool(_ value: JSONValue, at path: JSONPath) -> Bool? {
        guard let b = value.boolValue else {
            wrongType(at: path, found: value, expected: "true or false", example: "\"\(path.lastKey ?? "value")\": true")
            return nil
        }
        return b
    }

    /// A string of at most `maxLength` characters, not blank unless `allowEmpty`.
    package mutating func text(_ value: JSONValue, at path: JSONPath, maxLength: Int, example: String, allowEmpty: Bool = false) -> String? {
        guard let s = string(value, at: path, example: example) else { return nil }
        if s.count > maxLength {
            error(.textTooLong, "text of \(s.count) characters; the limit here is \(maxLength)", at: path, notes: ["shorten it"])
            return nil
        }
        // As the timeline reader and the text layout count: a few characters with thousands of
        // combining marks pass the character limit but not this one.
        if s.unicodeScalars.count > Limits.maxTextScalars {
            error(
                .textTooLong, "text of \(s.unicodeScalars.count) Unicode scalars; the limit is \(Limits.maxTextScalars)", at: path,
                notes: ["remove combining marks or shorten it"])
            return nil
        }
        if !allowEmpty, s.trimmingJSONSpace.isEmpty {
            error(.emptyText, "the \(path.lastKey ?? "text") is empty", at: path, notes: ["write it like \(example), or leave the key out"])
            return nil
        }
        return s
    }

    /// `#rrggbb`, or `#rrggbbaa` when `alpha` is allowed.
    package mutating func color(_ value: JSONValue, at path: JSONPath, alpha: Bool) -> RGBAColor? {
        let form = alpha ? "#rrggbb or #rrggbbaa" : "#rrggbb"
        guard let text = string(value, at: path, example: "\"\(path.lastKey ?? "color")\": \"#ffffff\"") else { return nil }
        guard text.first == "#", let color = RGBAColor(hex: text), alpha || color.alpha == 255, text.count == 7 || alpha else {
            error(
                .backgroundColor, "'\(text)' is not a colour written \(form)", at: path,
                notes: [
                    alpha
                        ? "write '#' and six hexadecimal digits, or eight with opacity last: \"#ffffffcc\""
                        : "write six hexadecimal digits after '#', such as \"#1a2b3c\""
                ])
            return nil
        }
        return color
    }

    /// The items of an array of at most `limit` items.
    package mutating func array(_ value: JSONValue, at path: JSONPath, limit: Int, what: String, example: String) -> [JSONValue]? {
        guard let items = value.arrayValue else {
            wrongType(at: path, found: value, expected: "an array of \(what)", example: example)
            return nil
        }
        guard items.count <= limit else {
            error(.tooMany, "\(items.count) \(what); the limit is \(limit)", at: path, notes: ["remove some"])
            return nil
        }
        return items
    }

    /// A time as written (seconds, frames or beats), reporting forms Reel does not read.
    mutating func templateTime(_ value: JSONValue, at path: JSONPath, beats: Bool) -> TemplateTime? {
        let forms = "write seconds as a number (2.5) or a string: \"2.5s\", \"48f\" (frames), \"1001/30000s\"" + (beats ? ", \"4 beats\"" : "")
        switch value {
        case .number, .string:
            let text = value.numberValue?.text ?? value.stringValue ?? ""
            guard let t = TemplateTime(value) else {
                error(.timeSyntax, "'\(text)' is not a time Reel reads here", at: path, notes: [forms])
                return nil
            }
            guard beats || t.unit != "beats" else {
                error(
                    .timeSyntax, "'\(text)' is in beats, but \(path.lastKey ?? "this time") here takes seconds or frames only", at: path,
                    notes: [forms])
                return nil
            }
            return t
        default:
            error(.wrongType, "expected a time, found \(value.typeName)", at: path, notes: [forms])
            return nil
        }
    }

    /// A time in seconds or frames at `rate`, within `range`.
    package mutating func duration(
        _ value: JSONValue, at path: JSONPath, rate: FrameRate, in range: ClosedRange<RationalTime>,
        what: String
    ) -> RationalTime? {
        guard let written = templateTime(value, at: path, beats: false) else { return nil }
        let t: RationalTime
        switch written {
        case .seconds(let s): t = s
        case .frames(let n): t = rate.time(ofFrame: n)
        case .beats: return nil
        }
        guard range.contains(t) else {
            let bounds = "\(TimeText.string(from: range.lowerBound))...\(TimeText.string(from: range.upperBound))"
            error(.outOfRange, "\(what) \(TimeText.string(from: t)) is outside \(bounds)", at: path, notes: ["use a time from \(bounds)"])
            return nil
        }
        return t
    }
}

extension JSONPath {
    /// The last key of the path, for examples in messages.
    var lastKey: String? {
        if case .key(let k) = components.last { return k }
        return nil
    }
}
