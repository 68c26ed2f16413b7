import FileAccess

extension Batch {
    /// Joins the manifests of a batch's shards (every `manifest.*.jsonl` in the output folder) into
    /// `manifest.jsonl`, one entry per row of the jobs file, and says which rows are missing
    /// (no shard recorded them, or the output recorded is gone) and which failed.
    ///
    /// For each row the entry whose output is there wins over a failed one. Only the jobs file's
    /// rows and ids are read, not its templates or media: a merge runs where the outputs are.
    public static func merge(jobsFile: String, outputFolder: String) throws(BatchError) -> MergeReport {
        let records: [JobRecord]
        do { records = try JobsFile.read(jobsFile) } catch { throw .jobsFile(error) }
        var found: [Int: [ManifestEntry]] = [:]
        var sources: [String] = []
        for (file, entries) in Manifest.readAll(in: outputFolder) {
            sources.append(file)
            for e in entries { found[e.row, default: []].append(e) }
        }
        var merged: [ManifestEntry] = []
        var missing: [(row: Int, id: String)] = []
        for record in records {
            let id = record["id"]?.items.first ?? ""
            let candidates = (found[record.row] ?? []).filter { $0.id == id }
            if let done = candidates.first(where: { $0.isDone && outputIsThere($0, folder: outputFolder) }) {
                merged.append(done)
            } else if let failed = candidates.first(where: { $0.status == .failed }) {
                merged.append(failed)
            } else {
                missing.append((record.row, id))
            }
        }
        let path = BatchNames.join(outputFolder, BatchNames.manifest(shard: nil))
        do { try Manifest(path: path, entries: merged).write() } catch { throw .file(error) }
        return MergeReport(rowCount: records.count, entries: merged, missing: missing, sources: sources, manifestPath: path)
    }

    /// Whether the output an entry records is there with the recorded size.
    static func outputIsThere(_ entry: ManifestEntry, folder: String) -> Bool {
        guard let output = entry.output, let size = entry.size, let file = try? ReadableFile(path: BatchNames.join(folder, output)) else {
            return false
        }
        return file.size == size
    }
}

/// What a merge found.
public struct MergeReport: Sendable {
    /// Rows in the jobs file.
    public let rowCount: Int
    /// One entry per row found, in row order: what `manifest.jsonl` now holds.
    public let entries: [ManifestEntry]
    /// Rows no manifest recorded as done or failed (or whose recorded output is gone).
    public let missing: [(row: Int, id: String)]
    /// The manifests read, by file name.
    public let sources: [String]
    public let manifestPath: String

    public var failed: [ManifestEntry] { entries.filter { $0.status == .failed } }
    /// Every row has its video.
    public var isComplete: Bool { missing.isEmpty && failed.isEmpty }
}
