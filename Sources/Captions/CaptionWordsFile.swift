import DocumentJSON
import DocumentLimits
import MediaTime
import TimelineModel

/// Reads a words file, `[{ "word": "Hello", "start": 0.5, "end": 0.82 }, ...]`: the shape speech
/// recognisers write, with times in seconds (read from their decimal text, exactly).
///
/// It times the words of a subtitle file's cues (`CaptionTrack.timingWords`), or is itself the
/// caption file (`CaptionTrack.init(words:file:)`), grouped into cues. Entries that cannot be read
/// are warnings with their line; an unreadable file is an error.
package enum CaptionWordsFile {
    /// The words of a words file, in file order, and warnings for entries left out; throws only when the file is not a JSON array.
    package static func words(_ text: String, file: String) throws(CaptionFileError) -> (words: [CaptionWord], diagnostics: [Diagnostic]) {
        let document: JSONDocument
        do { document = try JSONParser.parse(text) } catch {
            throw CaptionFileError(file: file, line: error.position?.line, reason: "not valid JSON: \(error.message)")
        }
        guard let items = document.root.arrayValue else {
            throw CaptionFileError(file: file, line: 1, reason: "expected an array of { \"word\", \"start\", \"end\" }")
        }
        var words: [CaptionWord] = []
        var diagnostics: [Diagnostic] = []
        for (i, item) in items.enumerated() {
            let path = JSONPath.root.appending(i)
            let location = SourceLocation(file: file, path: path, position: document.position(of: path))
            guard words.count < Limits.maxCaptionWords else {
                diagnostics.append(
                    Diagnostic(.warning, .captionTooMany, "more than \(Limits.maxCaptionWords) words; the rest are left out", at: location))
                break
            }
            guard let object = item.objectValue, let word = object["word"]?.stringValue,
                let start = object["start"].flatMap({ TimeText.time(from: $0, frameRate: nil) }),
                let end = object["end"].flatMap({ TimeText.time(from: $0, frameRate: nil) })
            else {
                diagnostics.append(
                    Diagnostic(
                        .warning, .captionTime, "not a word: expected { \"word\": text, \"start\": seconds, \"end\": seconds }",
                        at: location))
                continue
            }
            let text = CueText.words(word).map(\.text).joined(separator: " ")
            guard !text.isEmpty else { continue }
            guard !start.isNegative, end > start else {
                diagnostics.append(Diagnostic(.warning, .captionOrder, "the word '\(text)' ends at or before its start", at: location))
                continue
            }
            words.append(CaptionWord(text: text, start: start, end: end))
        }
        return (words, diagnostics)
    }
}

/// A caption file that cannot be read at all: not UTF-8 text, not JSON where JSON is expected.
public struct CaptionFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The caption file, as the message names it.
    package var file: String
    /// 1-based line of the fault when known (a JSON syntax error); nil for faults of the whole file.
    package var line: Int?
    /// What is wrong, a phrase that follows `file:line:`.
    package var reason: String

    /// `line` is nil when no line can be named (a file that is not UTF-8 text).
    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)" }
}
