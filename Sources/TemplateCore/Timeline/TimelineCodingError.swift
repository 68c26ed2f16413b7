/// Why a timeline file could not be read: the first problem found, with its place.
///
/// A timeline is written by Reel or edited by hand; unlike a template, it is read all or nothing,
/// so one precise error is enough.
public struct TimelineCodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The timeline file, when reading from one.
    public var file: String?
    /// Where in the document; nil for problems with the file as a whole.
    public var path: JSONPath?
    public var position: TextPosition?
    public var message: String

    public init(file: String?, path: JSONPath?, position: TextPosition?, message: String) {
        self.file = file
        self.path = path
        self.position = position
        self.message = message
    }

    /// `timeline.json:7:15: clips[0].speed: expected a positive ratio such as "1" or "4/5"`.
    public var description: String {
        var text = file ?? "timeline"
        if let position { text += ":\(position.line):\(position.column)" }
        text += ": "
        if let path, !path.isRoot { text += "\(path): " }
        return text + message
    }
}
