/// One uploaded media file: a row exists from the moment its bytes begin to arrive, so a crash
/// mid-upload leaves a row (complete = false) that names the file to remove.
package struct UploadRecord: Sendable, Equatable {
    /// "m_" and a 26-character ULID-like id.
    package var id: String
    /// The name the client gave, sanitised by the server before it reaches the store.
    package var fileName: String
    /// Where the bytes are on disk.
    package var path: String
    /// Bytes; 0 until complete.
    package var size: Int64
    /// The probe's JSON text; empty until complete.
    package var probe: String
    /// Whether every byte arrived and the file was probed.
    package var complete: Bool
    /// Milliseconds since 1970 (UTC) when the upload began.
    package var createdAt: Int64
    /// The token's name it came with; nil on a server without tokens.
    package var owner: String?

    /// Every field given: for stores, tests and servers that build a record to compare with.
    package init(
        id: String, fileName: String, path: String, size: Int64, probe: String, complete: Bool, createdAt: Int64, owner: String? = nil
    ) {
        self.id = id
        self.fileName = fileName
        self.path = path
        self.size = size
        self.probe = probe
        self.complete = complete
        self.createdAt = createdAt
        self.owner = owner
    }
}
