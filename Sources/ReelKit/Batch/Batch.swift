import FileAccess
import RenderCore

/// Many videos from one jobs file: each row one video, checked before any render, rendered on a
/// pool of workers, each row alone in its failure, resumable, and divisible into shards for array
/// jobs. `plan` checks, `run` renders, `merge` joins the shards' manifests. See docs/batch.md.
public enum Batch {
    /// Reads and checks the jobs file and every row of the shard; renders nothing, writes nothing.
    ///
    /// Problems of the file as a whole (syntax, unknown columns, ids or outputs that clash) are
    /// thrown; problems of single rows are in the plan's `problems`, and those rows fail alone.
    ///
    /// With `keepingJobs` false (`--check`), a row that passes is counted and its output checked,
    /// but not kept: memory stays about the size of the jobs file, however many rows it has.
    public static func plan(_ request: BatchRequest, keepingJobs: Bool = true) throws(BatchError) -> BatchPlan {
        let records: [JobRecord]
        do { records = try JobsFile.read(request.jobsFile) } catch { throw .jobsFile(error) }
        try checkOutputsDiffer(records, file: request.jobsFile)
        try BatchReadsNoOutput.check(records, jobsFile: request.jobsFile, outputFolder: request.outputFolder)
        let validation = RowValidation(
            jobsFolder: PathText.folder(of: request.jobsFile), outputFolder: request.outputFolder, templates: TemplateCache())
        var jobs: [BatchJob] = []
        var outputs: [Output] = []
        var problems: [RowProblem] = []
        // What the rows read, each once: rows share their templates and media folders.
        var inputs: [OutputGuard.Input] = [.file(request.jobsFile)]
        var named = Set<String>()
        func read(_ input: OutputGuard.Input, _ key: String) { if named.insert(key).inserted { inputs.append(input) } }
        let mine = records.filter { request.shard?.contains(row: $0.row) ?? true }
        for record in mine {
            switch validation.job(record) {
            case .success(let job):
                read(.tree(job.template.folder), "t" + job.template.folder)
                for path in job.media + [job.song?.path, job.resolve.voice?.path].compactMap({ $0 }) { read(.media(path), "m" + path) }
                outputs.append(
                    Output(row: job.row, line: job.line, id: job.id, name: job.output, path: job.outputPath, index: keepingJobs ? jobs.count : nil))
                if keepingJobs { jobs.append(job) }
            case .failure(let problem): problems.append(problem)
            }
        }
        // No output may be an input of any row (rows read while others write), nor the jobs file.
        let manifest = BatchNames.join(request.outputFolder, BatchNames.manifest(shard: request.shard))
        let guardian = OutputGuard(inputs: inputs)
        // A batch writes files only: a FIFO nobody reads, or a device, would stall or swallow rows.
        // They live in the output folder and never follow a link: one at their name is refused.
        do {
            try AtomicFile.checkFileOutput(beneath: request.outputFolder, name: BatchNames.manifest(shard: request.shard), label: "the manifest")
            try guardian.check([(label: "the manifest", path: manifest)])
        } catch { throw .file(error) }
        var ready: [BatchJob] = []
        var readyRows = 0
        for output in outputs {
            do throws(FileAccessError) {
                try AtomicFile.checkFileOutput(beneath: request.outputFolder, name: output.name, label: "the output")
                try guardian.check([(label: "output", path: output.path)])
                readyRows += 1
                if let index = output.index { ready.append(jobs[index]) }
            } catch {
                problems.append(
                    RowProblem(row: output.row, line: output.line, id: output.id, reasons: [.init(column: "output", message: error.reason)]))
            }
        }
        return BatchPlan(
            request: request, rowCount: records.count, shardRows: mine.count, readyRows: readyRows, jobs: ready,
            problems: problems.sorted { $0.row < $1.row }, manifestPath: manifest)
    }

    /// A row that passed its checks, with the output still to be checked against every input.
    private struct Output {
        let row: Int
        let line: Int
        let id: String
        /// Its name beneath the output folder, and that joined to the folder.
        let name: String
        let path: String
        /// Its job among those kept, when jobs are kept.
        let index: Int?
    }

    /// Two rows may not write one output: that is a mistake of the file, found over all its rows
    /// (not only a shard's), so every shard of an array job refuses it alike.
    static func checkOutputsDiffer(_ records: [JobRecord], file: String) throws(BatchError) {
        var seen: [String: Int] = [:]
        var problems: [JobsFileError.Problem] = []
        for record in records {
            guard let id = record["id"]?.items.first,
                case .success(let name) = BatchNames.output(record["output"]?.items.first ?? BatchNames.defaultOutput, id: id)
            else { continue }
            if let first = seen[name] {
                problems.append(
                    .init(line: record.line, place: "row \(record.row), column 'output'", message: "'\(name)' is the output of row \(first) too"))
            } else {
                seen[name] = record.row
            }
        }
        if !problems.isEmpty { throw .jobsFile(JobsFileError(file: file, problems: problems)) }
    }
}

/// What a batch is asked to do.
public struct BatchRequest: Sendable {
    /// The jobs file (`.csv` or `.jsonl`); relative paths in it start from its folder.
    public var jobsFile: String
    /// Where the videos and the manifest go; made when missing.
    public var outputFolder: String
    /// Only this shard's rows; nil for all.
    public var shard: Shard?
    /// Rows rendered at once.
    public var workers: Int
    /// Render every row again, even those whose output is complete and unchanged.
    public var force: Bool

    public init(jobsFile: String, outputFolder: String, shard: Shard? = nil, workers: Int? = nil, force: Bool = false) {
        self.jobsFile = jobsFile
        self.outputFolder = outputFolder
        self.shard = shard
        self.workers = max(1, workers ?? WorkerPool.defaultWorkers())
        self.force = force
    }

    /// Rows rendered at once when not told: from the machine's (or container's) cores and memory.
    public static var defaultWorkers: Int { WorkerPool.defaultWorkers() }
}

/// A checked batch: the rows to render and the rows that fail before rendering.
public struct BatchPlan: Sendable {
    public let request: BatchRequest
    /// Rows in the jobs file.
    public let rowCount: Int
    /// Rows of this shard (all rows without a shard).
    public let shardRows: Int
    /// Rows that passed every check.
    public let readyRows: Int
    /// Rows that passed every check, in row order (none when planned without keeping them).
    public let jobs: [BatchJob]
    /// Rows that fail before rendering, in row order.
    public let problems: [RowProblem]
    /// The manifest this run writes.
    public let manifestPath: String
}

/// What a batch run did, row by row.
public struct BatchSummary: Sendable {
    /// One entry per row of the shard, in row order.
    public let entries: [ManifestEntry]
    public let manifestPath: String

    public var rendered: Int { entries.filter { $0.status == .ok }.count }
    public var skipped: Int { entries.filter { $0.status == .skipped }.count }
    public var failed: [ManifestEntry] { entries.filter { $0.status == .failed } }
}

/// What a batch reports while it works.
public enum BatchEvent: Sendable {
    case rowStarted(row: Int, id: String)
    /// After each frame of a row's render.
    case rowProgress(row: Int, ExportProgress)
    /// A row is done (rendered, kept or failed) and its entry is in the manifest.
    case rowFinished(ManifestEntry)
}

/// Why a batch cannot run at all (a failing row is not one: it is in the manifest).
public enum BatchError: Error, Sendable, CustomStringConvertible {
    /// The jobs file must be fixed first; every problem is listed.
    case jobsFile(JobsFileError)
    /// The output folder or the manifest cannot be written, or an output names an input.
    case file(FileAccessError)

    public var description: String {
        switch self {
        case .jobsFile(let e): return e.description
        case .file(let e): return e.description
        }
    }
}
