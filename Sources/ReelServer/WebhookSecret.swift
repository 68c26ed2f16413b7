import FileAccess

/// The secret a server signs webhooks with, read from a file (`--webhook-secret`) so it never
/// appears in a process listing: its first line, at least 16 characters.
package enum WebhookSecret {
    /// Shortest secret taken.
    package static let minimumLength = 16

    /// The first line of `file`, as bytes; a one-line error naming the file otherwise.
    package static func read(_ file: String) throws(ServerError) -> [UInt8] {
        let text: String
        do { text = try ReadableFile.text(file, limit: 1 << 16) } catch { throw ServerError(file, error.reason) }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard line.count >= minimumLength else { throw ServerError(file, "the secret (its first line) must be at least \(minimumLength) characters") }
        return Array(line.utf8)
    }
}
