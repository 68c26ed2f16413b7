import DocumentJSON
import DocumentLimits
import FileAccess

/// A texts file (`--text-file`): one JSON object of key: text, filling the template's texts.
public enum TextsFile {
    /// The file's texts by key.
    public static func read(_ path: String) throws(TextsFileError) -> [String: String] {
        let text: String
        do { text = try ReadableFile.text(path, limit: Limits.maxFileSize) } catch {
            throw TextsFileError(path: path, problem: "cannot read the text file: \(error.reason)", isInvalid: false)
        }
        let document: JSONDocument
        do { document = try JSONParser.parse(text) } catch {
            throw TextsFileError(path: path, problem: "not valid JSON: \(error)", isInvalid: true)
        }
        guard let object = document.root.objectValue else {
            throw TextsFileError(path: path, problem: "expected a JSON object of key: text", isInvalid: true)
        }
        var texts: [String: String] = [:]
        for member in object.members {
            guard let s = member.value.stringValue else {
                throw TextsFileError(path: path, problem: "the value of '\(member.key)' is not a string", isInvalid: true)
            }
            texts[member.key] = s
        }
        return texts
    }
}

/// A texts file that cannot be read (`isInvalid` false), or whose text is not an object of
/// key: text (`isInvalid` true: the person's to fix, the command line's exit 3).
public struct TextsFileError: Error, Sendable, CustomStringConvertible {
    /// The texts file as the caller named it.
    public let path: String
    /// What is wrong, after the path: "not valid JSON: ...".
    public let problem: String
    /// True when the file was read but its content is wrong (exit 3); false when it could not be read.
    public let isInvalid: Bool

    public var description: String { "\(path): \(problem)" }
}
