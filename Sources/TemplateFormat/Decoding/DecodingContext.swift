import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TimelineModel

/// The state of one decoding pass over a template document: where findings go and how they are placed.
///
/// Every reader reports through it, so each finding names the file, the JSON path and its line and
/// column the same way.
package struct DecodingContext {
    package let document: JSONDocument
    package let file: String
    package var diagnostics = DiagnosticCollector()

    /// Reports a finding about the value at `path` (or about its key, with `atKey`).
    package mutating func report(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, at path: JSONPath,
        atKey: Bool = false, notes: [String] = []
    ) {
        let position = atKey ? document.keyPosition(of: path) : document.position(of: path)
        diagnostics.report(
            Diagnostic(
                severity, code, message, at: SourceLocation(file: file, path: path, position: position),
                notes: notes))
    }

    package mutating func error(_ code: DiagnosticCode, _ message: String, at path: JSONPath, notes: [String] = []) {
        report(.error, code, message, at: path, notes: notes)
    }

    package mutating func wrongType(at path: JSONPath, found value: JSONValue, expected: String, example: String) {
        error(.wrongType, "expected \(expected), found \(value.typeName)", at: path, notes: ["write it like \(example)"])
    }

    // MARK: - Typed readers: nil after reporting when the value is absent or unusable.

    /// The members of an object, reporting a wrong type and every key not in `known`.
    package mutating func object(_ value: JSONValue, at path: JSONPath, known: [String], example: String) -> JSONObject? {
        guard let object = value.objectValue else {
            wrongType(at: path, found: value, expected: "an object", example: example)
            return nil
        }
        reportUnknownKeys(of: object, at: path, known: known)
        return object
    }

    /// Warns about every key of `object` not in `known`, suggesting the closest known one.
    mutating func reportUnknownKeys(of object: JSONObject, at path: JSONPath, known: [String]) {
        for key in object.keys where !known.contains(key) {
            var notes: [String] = []
            if let guess = Suggestion.closest(to: key, among: known) {
                notes.append("did you mean '\(guess)'?")
            }
            notes.append("known keys here: " + known.filter { !$0.hasPrefix("$") }.joined(separator: ", "))
            report(.warning, .unknownKey, "unknown key '\(key)' is ignored", at: path.appending(key), atKey: true, notes: notes)
        }
    }

    /// The value of a required key, reporting its absence.
    package mutating func required(_ key: String, in object: JSONObject, at path: JSONPath, example: String) -> JSONValue? {
        guard let value = object[key] else {
            error(.missingKey, "missing required key '\(key)'", at: path, notes: ["add \(example)"])
            return nil
        }
        return value
    }

    package mutating func string(_ value: JSONValue, at path: JSONPath, example: String) -> String? {
        guard let s = value.stringValue else {
            wrongType(at: path, found: value, expected: "a string", example: example)
            return nil
        }
        return s
    }

    /// A whole number; decimals and huge values are wrong types.
    package mutating func integer(_ value: JSONValue, at path: JSONPath, example: String) -> Int? {
        guard let n = value.numberValue else {
            wrongType(at: path, found: value, expected: "a whole number", example: example)
            return nil
        }
        guard let i = n.intValue else {
            error(.wrongType, "expected a whole number, found \(n.text)", at: path, notes: ["write it like \(example)"])
            return nil
        }
        return i
    }

    /// A volume: a number within 0...4 (4 is +12 dB).
    package mutating func volume(_ value: JSONValue, at path: JSONPath) -> Double? {
        guard let n = value.numberValue else {
            wrongType(at: path, found: value, expected: "a number", example: "\"volume\": 0.8")
            return nil
        }
        guard let v = n.doubleValue, v.isFinite, Limits.volume.contains(v) else {
            error(
                .volumeRange, "volume \(n.text) is outside \(Catalog.number(Limits.volume.lowerBound))...\(Catalog.number(Limits.volume.upperBound))",
                at: path,
                notes: ["0 is silent, 1 leaves the sound unchanged, 4 is the loudest allowed"])
            return nil
        }
        return v
    }

    /// A time: seconds as a number, or `"2.5s"`, `"48f"`, `"1001/30000s"`.
    package mutating func time(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate?) -> RationalTime? {
        let forms =
            frameRate == nil
            ? "write seconds as a number (2.5) or a string: \"2.5s\", \"1001/30000s\""
            : "write seconds as a number (2.5) or a string: \"2.5s\", \"48f\" (frames), \"1001/30000s\""
        switch value {
        case .number, .string:
            guard let t = TimeText.time(from: value, frameRate: frameRate) else {
                let text = value.numberValue?.text ?? value.stringValue ?? ""
                // Music times are where the beats are counted from, so they cannot be beats themselves.
                let written = frameRate == nil ? TemplateTime(value) : nil
                if written?.unit == "beats" {
                    error(
                        .timeSyntax, "'\(text)' is in beats, but \(path.lastKey ?? "this time") is a time of the music file, in seconds", at: path,
                        notes: ["beats are counted from the music's times, so these are seconds: \"2.5s\" or 2.5", forms])
                } else if written?.unit == "frames" {
                    error(
                        .timeSyntax, "'\(text)' is in frames, but \(path.lastKey ?? "this time") is a time of the music file, in seconds", at: path,
                        notes: ["music is not on the frame grid: write seconds, \"2.5s\" or 2.5", forms])
                } else {
                    error(.timeSyntax, "'\(text)' is not a time Reel reads", at: path, notes: [forms])
                }
                return nil
            }
            return t
        default:
            error(.wrongType, "expected a time, found \(value.typeName)", at: path, notes: [forms])
            return nil
        }
    }

    /// One of `words`, with a "did you mean" for near misses; `what` names the set in the message.
    package mutating func word(_ value: JSONValue, at path: JSONPath, among words: [String], what: String) -> String? {
        guard let s = string(value, at: path, example: "\"\(words[0])\"") else { return nil }
        if words.contains(s) { return s }
        var notes = ["use one of: " + words.joined(separator: ", ")]
        if let guess = Suggestion.closest(to: s, among: words) { notes.insert("did you mean '\(guess)'?", at: 0) }
        error(.unknownChoice, "'\(s)' is not \(what)", at: path, notes: notes)
        return nil
    }

    /// One of a fixed set of words, with a "did you mean" for near misses.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: JSONPath,
        as type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        let words = Choice.allCases.map(\.rawValue)
        guard let s = string(value, at: path, example: "\"\(words[0])\"") else { return nil }
        if let choice = Choice(rawValue: s) { return choice }
        var notes = ["use one of: " + words.joined(separator: ", ")]
        if let guess = Suggestion.closest(to: s, among: words) { notes.insert("did you mean '\(guess)'?", at: 0) }
        error(.unknownChoice, "'\(s)' is not one of \(words.joined(separator: ", "))", at: path, notes: notes)
        return nil
    }
}
