import MediaTime

/// Typed reads from a timeline document, each throwing a `TimelineCodingError` placed at the value.
struct TimelineReader {
    let document: JSONDocument
    let file: String?

    func failure(_ message: String, at path: JSONPath, atKey: Bool = false) -> TimelineCodingError {
        let position = atKey ? document.keyPosition(of: path) : document.position(of: path)
        return TimelineCodingError(file: file, path: path, position: position, message: message)
    }

    /// The object at `path`; every key must be in `known`, so that a misspelt key is not silently lost.
    func object(_ value: JSONValue, at path: JSONPath, known: [String]) throws(TimelineCodingError) -> JSONObject {
        guard let object = value.objectValue else { throw failure("expected an object, found \(value.typeName)", at: path) }
        for key in object.keys where !known.contains(key) {
            let guess = Suggestion.closest(to: key, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw failure("unknown key '\(key)'\(guess)", at: path.appending(key), atKey: true)
        }
        return object
    }

    func required(_ key: String, in object: JSONObject, at path: JSONPath) throws(TimelineCodingError) -> JSONValue {
        guard let value = object[key] else { throw failure("missing required key '\(key)'", at: path) }
        return value
    }

    func string(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> String {
        guard let s = value.stringValue else { throw failure("expected a string, found \(value.typeName)", at: path) }
        return s
    }

    func integer(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>) throws(TimelineCodingError) -> Int {
        guard let i = value.numberValue?.intValue else { throw failure("expected a whole number, found \(value.typeName)", at: path) }
        guard range.contains(i) else { throw failure("\(i) is outside \(range.lowerBound)...\(range.upperBound)", at: path) }
        return i
    }

    func bool(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Bool {
        guard let b = value.boolValue else { throw failure("expected true or false, found \(value.typeName)", at: path) }
        return b
    }

    /// A finite, non-negative gain.
    func gain(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Double {
        guard let v = value.numberValue?.doubleValue, v.isFinite, v >= 0 else {
            throw failure("expected a volume (a number, 0 or more), found \(value.numberValue?.text ?? value.typeName)", at: path)
        }
        return v
    }

    /// A time (`"2.5s"`, `"1001/30000s"`, `"48f"`, or seconds as a number); negative only with `allowNegative`.
    func time(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate?, allowNegative: Bool = false) throws(TimelineCodingError) -> RationalTime {
        guard let t = TimeText.time(from: value, frameRate: frameRate) else {
            throw failure("expected a time such as \"2.5s\" or \"1001/30000s\", found \(value.stringValue.map { "'\($0)'" } ?? value.typeName)", at: path)
        }
        if t.isNegative && !allowNegative { throw failure("time \(TimeText.string(from: t)) is negative", at: path) }
        return t
    }

    /// `{ "start": ..., "duration": ... }` with a non-negative duration.
    func range(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate?) throws(TimelineCodingError) -> TimeRange {
        let object = try object(value, at: path, known: ["start", "duration"])
        let start = try time(required("start", in: object, at: path), at: path.appending("start"), frameRate: frameRate)
        let duration = try time(required("duration", in: object, at: path), at: path.appending("duration"), frameRate: frameRate)
        guard start.addingReportingOverflow(duration) != nil else { throw failure("the range ends too late to be represented", at: path) }
        return TimeRange(start: start, duration: duration)
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: JSONPath,
                                                          as type: Choice.Type) throws(TimelineCodingError) -> Choice where Choice.RawValue == String {
        let s = try string(value, at: path)
        guard let choice = Choice(rawValue: s) else {
            throw failure("'\(s)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))", at: path)
        }
        return choice
    }
}
