import FileAccess
import Signing

/// The bearer tokens a server takes (`--tokens FILE`), each with the name its jobs are kept
/// under: one `NAME TOKEN` per line, `#` comments and blank lines ignored.
///
/// A request's token is compared with every one in constant time (libcrypto's `CRYPTO_memcmp`
/// over SHA-256 digests, so neither the bytes nor the length of a token leak), and none is ever
/// logged. A token sees and cancels only its own jobs.
package struct ServerTokens: Sendable {
    /// Names and the digests of their tokens.
    private let entries: [(name: String, digest: [UInt8])]
    /// Shortest token taken: 16 characters, about 96 bits from a random alphabet.
    package static let minimumLength = 16

    /// Reads a tokens file; a one-line error naming the file and line otherwise.
    package init(file: String) throws(ServerError) {
        let text: String
        do { text = try ReadableFile.text(file, limit: 1 << 20) } catch { throw ServerError(file, error.reason) }
        var entries: [(String, [UInt8])] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2 else { throw ServerError("\(file):\(i + 1)", "write NAME TOKEN (two fields)") }
            let name = String(fields[0])
            let token = String(fields[1])
            guard name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
                throw ServerError("\(file):\(i + 1)", "a name is 1 to 64 letters, digits, '.', '_' or '-'")
            }
            guard token.count >= Self.minimumLength, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw ServerError("\(file):\(i + 1)", "a token is at least \(Self.minimumLength) visible ASCII characters")
            }
            guard !entries.contains(where: { $0.0 == name }) else { throw ServerError("\(file):\(i + 1)", "name '\(name)' is given twice") }
            entries.append((name, Digest.sha256(Array(token.utf8))))
        }
        guard !entries.isEmpty else { throw ServerError(file, "holds no token") }
        self.entries = entries.map { (name: $0.0, digest: $0.1) }
    }

    /// One token held in memory, never written to a file (`reel studio` makes a fresh one per run).
    package init(name: String, token: String) throws(ServerError) {
        guard token.count >= Self.minimumLength, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw ServerError(name, "a token is at least \(Self.minimumLength) visible ASCII characters")
        }
        entries = [(name: name, digest: Digest.sha256(Array(token.utf8)))]
    }

    /// The name of the token an `Authorization: Bearer ...` header carries; nil when it carries
    /// none or an unknown one. Every token is compared, whichever matches.
    package func owner(authorization: String?) -> String? {
        guard let authorization, authorization.count < 4096 else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let given = Digest.sha256(Array(parts[1].trimmingCharacters(in: .whitespaces).utf8))
        var found: String?
        for entry in entries where Digest.constantTimeEqual(entry.digest, given) { found = entry.name }
        return found
    }
}
