import FileAccess
import MediaIO

extension Batch {
    /// Joins the manifests of a batch's shards (every `manifest.*.jsonl` in the output folder) into
    /// `manifest.jsonl`, one entry per row of the jobs file, and says which rows are missing
    /// (no shard recorded them, or the output recorded is not the one rendered) and which failed.
    ///
    /// A row is done when an entry would let a rerun keep it, as `run` decides: its output is
    /// there with the recorded size and SHA-256, and, where the entry records the digest of the
    /// row's inputs, the template files, media and values hash the same now. So a merge that finds
    /// every row done means that rerunning the array job would render nothing. For each row such
    /// an entry wins over a failed one.
    public static func merge(jobsFile: String, outputFolder: String) throws(BatchError) -> MergeReport {
        // The rows as a run sees them (checked, their inputs found), so their inputs can be hashed.
        let plan = try plan(BatchRequest(jobsFile: jobsFile, outputFolder: outputFolder, workers: 1))
        let jobs = Dictionary(plan.jobs.map { ($0.row, $0) }, uniquingKeysWith: { first, _ in first })
        let problems = Dictionary(plan.problems.map { ($0.row, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = (plan.jobs.map { (row: $0.row, id: $0.id) } + plan.problems.map { (row: $0.row, id: $0.id) }).sorted { $0.row < $1.row }
        // No run may write into the folder while its manifests are joined (BatchLock).
        let lock = FileKind.of(outputFolder) == .folder ? try BatchLock.take(folder: outputFolder, shard: nil) : nil
        defer { withExtendedLifetime(lock) {} }
        var found: [Int: [ManifestEntry]] = [:]
        var sources: [String] = []
        for (file, entries) in Manifest.readAll(in: outputFolder) {
            sources.append(file)
            for e in entries { found[e.row, default: []].append(e) }
        }
        let digests = InputDigest()
        var merged: [ManifestEntry] = []
        var missing: [MergeReport.Missing] = []
        for (row, id) in rows {
            let candidates = (found[row] ?? []).filter { $0.id == id }
            let check = MergeCheck(job: jobs[row], problem: problems[row], folder: outputFolder, digests: digests)
            var doubts: [String] = []
            var kept: ManifestEntry?
            for entry in candidates where entry.isDone {
                if let doubt = check.doubt(entry) {
                    doubts.append(doubt)
                } else {
                    kept = entry
                    break
                }
            }
            if let kept {
                merged.append(kept)
            } else if let failed = candidates.first(where: { $0.status == .failed }) {
                merged.append(failed)
            } else {
                missing.append(MergeReport.Missing(row: row, id: id, reason: doubts.first ?? "no shard's manifest has it done"))
            }
        }
        let path = BatchNames.join(outputFolder, BatchNames.manifest(shard: nil))
        do { try Manifest(path: path, entries: merged).write() } catch { throw .file(error) }
        return MergeReport(rowCount: plan.rowCount, entries: merged, missing: missing, sources: sources, manifestPath: path)
    }
}

/// Whether a done entry of one row still holds: its output unchanged, its inputs unchanged.
private struct MergeCheck {
    let job: BatchJob?
    let problem: RowProblem?
    let folder: String
    let digests: InputDigest

    /// Why `entry` cannot be trusted; nil when it can.
    func doubt(_ entry: ManifestEntry) -> String? {
        guard let output = entry.output else { return "its manifest entry names no output" }
        if let job, job.output != output { return "its output was \(output); the jobs file now names \(job.output)" }
        if let change = entry.outputChange(at: job?.outputPath ?? BatchNames.join(folder, output)) { return change }
        guard let recorded = entry.inputs else { return nil }
        guard let job else {
            let reasons = problem.map { $0.reasons.map(\.description).joined(separator: "; ") } ?? "the row is not in the jobs file"
            return "its inputs cannot be checked: \(reasons)"
        }
        do throws(FileAccessError) {
            if try digests.digest(job) != recorded {
                return "its inputs changed since it was rendered (a template file, a medium or a value of the row)"
            }
        } catch {
            return "its inputs cannot be checked: \(error.description)"
        }
        return nil
    }
}

extension ManifestEntry {
    /// Why the output at `path` is not the one this entry recorded; nil when it is there with the
    /// recorded size and SHA-256. The size is compared first: an output cut short or replaced is
    /// usually found without reading it.
    func outputChange(at path: String) -> String? {
        let name = output ?? PathText.name(of: path)
        guard let size, let sha256 else { return "its manifest entry records no size or SHA-256 of \(name)" }
        guard let file = try? ReadableFile(path: path) else { return "its output \(name) is gone" }
        guard file.size == size else { return "its output \(name) is \(file.size) bytes; the manifest says \(size)" }
        guard let now = try? Digest.file(path) else { return "its output \(name) cannot be read" }
        guard now.size == size, now.hex == sha256 else {
            return "its output \(name) is not the one rendered: its SHA-256 is not the manifest's"
        }
        return nil
    }
}

/// What a merge found.
public struct MergeReport: Sendable {
    /// A row with no entry that can be trusted, and why.
    public struct Missing: Sendable, Equatable {
        /// The row's number among the jobs file's rows, from 1.
        public let row: Int
        /// The row's `id` value, for the message.
        public let id: String
        /// No shard recorded it done, or what the entry recorded no longer holds (its output
        /// gone or altered, its inputs changed).
        public let reason: String
    }

    /// Rows in the jobs file.
    public let rowCount: Int
    /// One entry per row found, in row order: what `manifest.jsonl` now holds.
    public let entries: [ManifestEntry]
    /// Rows no manifest recorded as done or failed, or whose recorded output or inputs changed.
    public let missing: [Missing]
    /// The manifests read, by file name.
    public let sources: [String]
    /// Where the merged `manifest.jsonl` was written.
    public let manifestPath: String

    /// The entries of rows that failed, in row order.
    public var failed: [ManifestEntry] { entries.filter { $0.status == .failed } }
    /// Every row has its video.
    public var isComplete: Bool { missing.isEmpty && failed.isEmpty }
}
