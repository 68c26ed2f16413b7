/// What a command prints on standard output: lines for a person, or one JSON document for a
/// script. `--format text|json` is read and checked here alone, so every command that takes it
/// accepts the same words and refuses others with the same message.
enum OutputFormat {
    case text
    case json

    /// The `--format` given (text when none); any other word is a usage error.
    static func of(_ format: String?) throws(UsageError) -> OutputFormat {
        switch format ?? "text" {
        case "text": return .text
        case "json": return .json
        case let other: throw UsageError(message: "--format takes text or json, not '\(other)'")
        }
    }
}
