import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime

/// Typed reads from a timeline document, each problem placed at its value.
///
/// A value of the wrong type, a missing key or a malformed time throws (the item holding it cannot
/// be read); a value of the right type but out of its range, and an unknown key, are reported to
/// `problems` and reading goes on, so that one run finds every problem it can.
package struct TimelineReader {
    /// The parsed document, kept for the line and column of each problem.
    package let document: JSONDocument
    /// The file named in diagnostics; nil when reading text that came from no file.
    package let file: String?
    /// Shared by every copy of the reader, so a problem reported deep in an item is kept.
    package let problems: TimelineProblems

    /// Every problem says how to fix it: without a note of its own, it points to the format's description.
    package func diagnostic(_ message: String, at path: JSONPath, code: DiagnosticCode, notes: [String], atKey: Bool = false) -> Diagnostic {
        let position = atKey ? document.keyPosition(of: path) : document.position(of: path)
        let key = path.components.reversed().lazy.compactMap { if case .key(let k) = $0 { k } else { nil } }.first
        let fix = notes.isEmpty ? ["write \(key.map { "'\($0)'" } ?? "it") as docs/timeline-format.md describes"] : notes
        return Diagnostic(.error, code, message, at: SourceLocation(file: file, path: path, position: position), notes: fix)
    }

    /// A thrown error for the value at `path`: the item holding it cannot be read. `wrongType` unless told.
    package func failure(
        _ message: String, at path: JSONPath, code: DiagnosticCode = .wrongType, notes: [String] = [],
        atKey: Bool = false
    ) -> TimelineCodingError {
        TimelineCodingError(file: file, diagnostics: [diagnostic(message, at: path, code: code, notes: notes, atKey: atKey)])
    }

    /// Records a problem and lets reading go on.
    package func report(_ message: String, at path: JSONPath, code: DiagnosticCode, notes: [String], atKey: Bool = false) {
        problems.add(diagnostic(message, at: path, code: code, notes: notes, atKey: atKey))
    }

    /// Runs `read`; when it throws, records its problems and gives nil.
    func attempt<T>(_ read: () throws(TimelineCodingError) -> T) -> T? {
        do { return try read() } catch {
            problems.add(contentsOf: error.diagnostics)
            return nil
        }
    }

    /// The object at `path`; every key must be in `known`, so that a misspelt key is not silently lost.
    package func object(_ value: JSONValue, at path: JSONPath, known: [String]) throws(TimelineCodingError) -> JSONObject {
        guard let object = value.objectValue else {
            throw failure(
                "expected an object, found \(value.typeName)", at: path,
                notes: ["write an object { } with \(known.count > 6 ? "keys such as " : "the keys ")\(known.prefix(6).joined(separator: ", "))"])
        }
        for key in object.keys where !known.contains(key) {
            let guess = Suggestion.closest(to: key, among: known)
            report(
                "unknown key '\(key)'" + (guess.map { " (did you mean '\($0)'?)" } ?? ""), at: path.appending(key), code: .unknownKey,
                notes: [guess.map { "rename it '\($0)'" } ?? "remove it; the keys here are \(known.joined(separator: ", "))"], atKey: true)
        }
        return object
    }

    /// The value of `key`; its absence throws `missingKey` at the object, since the item cannot be read without it.
    package func required(_ key: String, in object: JSONObject, at path: JSONPath) throws(TimelineCodingError) -> JSONValue {
        guard let value = object[key] else {
            throw failure("missing required key '\(key)'", at: path, code: .missingKey, notes: ["add \"\(key)\" (see docs/timeline-format.md)"])
        }
        return value
    }

    /// The string at `path`; another type throws. No length limit: use `text` for one.
    package func string(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> String {
        guard let s = value.stringValue else {
            throw failure("expected a string, found \(value.typeName)", at: path, notes: ["write it in quotes, as a string"])
        }
        return s
    }

    /// A string of at most `maxLength` characters (and `Limits.maxTextScalars` scalars).
    package func text(_ value: JSONValue, at path: JSONPath, maxLength: Int) throws(TimelineCodingError) -> String {
        let s = try string(value, at: path)
        if s.count > maxLength || s.unicodeScalars.count > Limits.maxTextScalars {
            report(
                "the text has \(s.count) characters (\(s.unicodeScalars.count) Unicode scalars); the limit is \(maxLength) (\(Limits.maxTextScalars))",
                at: path, code: .textTooLong, notes: ["shorten it"])
        }
        return s
    }

    /// A whole number; outside `range` it is reported with `code` and still returned, a fraction or other type throws.
    package func integer(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>, code: DiagnosticCode = .outOfRange)
        throws(TimelineCodingError)
        -> Int
    {
        guard let i = value.numberValue?.intValue else {
            throw failure(
                "expected a whole number, found \(value.numberValue?.text ?? value.typeName)", at: path,
                notes: ["write a whole number from \(range.lowerBound) to \(range.upperBound)"])
        }
        if !range.contains(i) {
            report(
                "\(i) is outside \(range.lowerBound)...\(range.upperBound)", at: path, code: code,
                notes: ["use a whole number from \(range.lowerBound) to \(range.upperBound)"])
        }
        return i
    }

    /// A finite number; outside `range` it is reported with `code`.
    package func number(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>, code: DiagnosticCode = .outOfRange)
        throws(TimelineCodingError)
        -> Double
    {
        guard let n = value.numberValue, let v = n.doubleValue, v.isFinite else {
            // The reader's catch-all range (a parameter of an unknown kind) says nothing.
            let bounds = range.upperBound >= 1e9 ? "" : " within \(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound))"
            throw failure("expected a number, found \(value.numberValue?.text ?? value.typeName)", at: path, notes: ["write a number\(bounds)"])
        }
        if !range.contains(v) {
            let bounds = "\(Catalog.number(range.lowerBound))...\(Catalog.number(range.upperBound))"
            report("\(n.text) is outside \(bounds)", at: path, code: code, notes: ["use a number within \(bounds)"])
        }
        return v
    }

    /// `true` or `false`; anything else (`0`, `"true"`) throws.
    package func bool(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Bool {
        guard let b = value.boolValue else {
            throw failure("expected true or false, found \(value.typeName)", at: path, notes: ["write true or false"])
        }
        return b
    }

    /// A gain within `Limits.volume`.
    package func gain(_ value: JSONValue, at path: JSONPath) throws(TimelineCodingError) -> Double {
        try number(value, at: path, in: Limits.volume, code: .volumeRange)
    }

    /// A time (`"2.5s"`, `"1001/30000s"`, `"48f"`, or seconds as a number); negative only with `allowNegative`.
    package func time(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate?, allowNegative: Bool = false) throws(TimelineCodingError)
        -> RationalTime
    {
        guard let t = TimeText.time(from: value, frameRate: frameRate) else {
            throw failure(
                "expected a time such as \"2.5s\" or \"1001/30000s\", found \(value.stringValue.map { "'\($0)'" } ?? value.typeName)",
                at: path, code: .timeSyntax, notes: ["write it \"2.5s\", \"1001/30000s\" or, on the timeline, \"48f\""])
        }
        // Before any rule computes with it: a time far past any video, or finer than a
        // microsecond, would overflow the sums and frame indices the rules take.
        let far = Limits.maxTimelineTime
        guard t <= far, .zero - far <= t, t.timescale <= Limits.maxTimescale else {
            throw failure(
                "time \(TimeText.string(from: t)) is not one a timeline holds: times lie within \(TimeText.string(from: far)) either way, in steps no finer than 1/\(Limits.maxTimescale)s",
                at: path, code: .outOfRange, notes: ["write a time of the video or of its media"])
        }
        if t.isNegative && !allowNegative {
            report("time \(TimeText.string(from: t)) is negative", at: path, code: .outOfRange, notes: ["use 0 or a later time"])
        }
        return t
    }

    /// `{ "start": ..., "duration": ... }` with a non-negative duration.
    package func range(_ value: JSONValue, at path: JSONPath, frameRate: FrameRate?) throws(TimelineCodingError) -> TimeRange {
        let object = try object(value, at: path, known: ["start", "duration"])
        let start = try time(required("start", in: object, at: path), at: path.appending("start"), frameRate: frameRate)
        let duration = try time(required("duration", in: object, at: path), at: path.appending("duration"), frameRate: frameRate)
        guard start.addingReportingOverflow(duration) != nil else {
            throw failure(
                "the range ends too late to be represented", at: path, code: .outOfRange, notes: ["use a start and duration within the video"])
        }
        // A negative duration is reported by `time`; the range read in its place is empty, so the
        // other rules can still run on it without meeting a range that cannot exist.
        return TimeRange(start: start, duration: duration.isNegative ? .zero : duration)
    }

    /// The case of `Choice` whose raw value the string is; another word throws, with the nearest as a suggestion.
    package func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: JSONPath,
        as type: Choice.Type
    ) throws(TimelineCodingError) -> Choice where Choice.RawValue == String {
        let s = try string(value, at: path)
        guard let choice = Choice(rawValue: s) else {
            let words = Choice.allCases.map(\.rawValue)
            throw failure(
                "'\(s)' is not one of \(words.joined(separator: ", "))", at: path, code: .unknownChoice,
                notes: [Suggestion.question(s, among: words), "use one of \(words.joined(separator: ", "))"].compactMap { $0 })
        }
        return choice
    }

    /// One of `words`; another string is reported (never replaced by a guess) and gives nil.
    package func word(_ value: JSONValue, at path: JSONPath, among words: [String], what: String = "") throws(TimelineCodingError) -> String? {
        let s = try string(value, at: path)
        guard words.contains(s) else {
            // The nearest words first, however far, then all of them.
            report(
                "'\(s)' is not \(what.isEmpty ? "one of \(words.joined(separator: ", "))" : what)", at: path, code: .unknownChoice,
                notes: [Suggestion.question(s, among: words), "use one of \(words.joined(separator: ", "))"].compactMap { $0 })
            return nil
        }
        return s
    }
}

/// The problems found while reading one timeline, in the order found: shared by the reader's
/// copies, so that reading goes on after each.
package final class TimelineProblems: @unchecked Sendable {
    private(set) var diagnostics: [Diagnostic] = []

    /// Records one problem; reading goes on.
    package func add(_ d: Diagnostic) { diagnostics.append(d) }
    /// Records the problems of an item that could not be read, after those already found.
    package func add(contentsOf more: [Diagnostic]) { diagnostics.append(contentsOf: more) }
    /// True while nothing wrong was found; the decoder gives a timeline only when it still is at the end.
    package var isEmpty: Bool { diagnostics.isEmpty }
}
