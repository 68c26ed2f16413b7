import DocumentJSON

/// What became of one row of a batch: a line of the manifest (`manifest.jsonl`).
///
/// Besides what a person reads (status, output, frames, seconds, warnings, error), an entry keeps
/// what a rerun needs to trust the output without rendering it again: the digest of the row's
/// inputs (template files, media files, row values) and the output's size and digest.
public struct ManifestEntry: Sendable, Equatable {
    /// The outcome of a row, as the manifest's `status` field writes it.
    public enum Status: String, Sendable {
        /// Rendered by this run.
        case ok
        /// Rendered by an earlier run, its output checked unchanged and kept.
        case skipped
        /// Not rendered: `error` says why.
        case failed
    }

    /// The row's number among the jobs file's rows, from 1.
    public let row: Int
    /// The row's `id` value, so a person can find the row.
    public let id: String
    /// Whether the row's video exists and can be trusted (`ok`, `skipped`) or not (`failed`).
    public let status: Status
    /// The output, relative to the output folder.
    public let output: String?
    /// Frames of the output video; nil for a failed row.
    public let frames: Int64?
    /// Wall time of the row's render (of the earlier render, for a skipped row).
    public let seconds: Double?
    /// Problems the render covered (damaged media held over, sizes changed), one line each.
    public let warnings: [String]
    /// Why the row failed, one line; nil unless `status` is `failed`.
    public let error: String?
    /// SHA-256 over the row's inputs (`InputDigest`).
    public let inputs: String?
    /// The output's size in bytes and SHA-256.
    public let size: Int64?
    /// SHA-256 of the output in hex, for telling a complete output from an altered one.
    public let sha256: String?

    /// Only `row`, `id`, `status` and `output` are always known; the rest are nil for a failed row.
    public init(
        row: Int, id: String, status: Status, output: String?, frames: Int64? = nil, seconds: Double? = nil, warnings: [String] = [],
        error: String? = nil, inputs: String? = nil, size: Int64? = nil, sha256: String? = nil
    ) {
        self.row = row
        self.id = id
        self.status = status
        self.output = output
        self.frames = frames
        self.seconds = seconds
        self.warnings = warnings
        self.error = error
        self.inputs = inputs
        self.size = size
        self.sha256 = sha256
    }

    /// Whether the row's video is there (rendered now or kept).
    public var isDone: Bool { status != .failed }

    /// The same entry with another status (a kept output is `skipped` in the run that kept it).
    func with(status: Status) -> ManifestEntry {
        ManifestEntry(
            row: row, id: id, status: status, output: output, frames: frames, seconds: seconds, warnings: warnings, error: error,
            inputs: inputs, size: size, sha256: sha256)
    }

    /// The entry as one JSON object; absent facts are `null`.
    public var json: JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func num(_ n: Int64?) -> JSONValue { n.map { .number(JSONNumber(Int($0))) } ?? .null }
        return .object(
            JSONObject([
                "row": .number(JSONNumber(row)), "id": .string(id), "status": .string(status.rawValue), "output": opt(output),
                "frames": num(frames), "seconds": seconds.flatMap { JSONNumber(($0 * 1000).rounded() / 1000) }.map(JSONValue.number) ?? .null,
                "warnings": .array(warnings.map(JSONValue.string)), "error": opt(error), "inputs": opt(inputs), "size": num(size),
                "sha256": opt(sha256),
            ]))
    }

    /// An entry read back from its JSON; nil for anything else (a line that is not an entry).
    public init?(json: JSONValue) {
        guard let o = json.objectValue, let row = o["row"]?.numberValue?.intValue, let id = o["id"]?.stringValue,
            let status = o["status"]?.stringValue.flatMap(Status.init(rawValue:))
        else { return nil }
        func int64(_ key: String) -> Int64? { o[key]?.numberValue?.intValue.map(Int64.init) }
        self.init(
            row: row, id: id, status: status, output: o["output"]?.stringValue, frames: int64("frames"),
            seconds: o["seconds"]?.numberValue?.doubleValue, warnings: o["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            error: o["error"]?.stringValue, inputs: o["inputs"]?.stringValue, size: int64("size"), sha256: o["sha256"]?.stringValue)
    }
}
