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
    /// The rows are read and checked one at a time, as the file is read: what is kept of a row is
    /// what checks across rows need (its id and output name, the first row to read each media
    /// place), its job when `keepingJobs`, and its problems. With `keepingJobs` false (`--check`),
    /// a row that passes is counted and its output checked, but not kept.
    public static func plan(_ request: BatchRequest, keepingJobs: Bool = true) throws(BatchError) -> BatchPlan {
        let validation = RowValidation(
            jobsFolder: PathText.folder(of: request.jobsFile), outputFolder: request.outputFolder, templates: TemplateCache())
        var writes = BatchReadsNoOutput(jobsFile: request.jobsFile, outputFolder: request.outputFolder)
        var jobs: [BatchJob] = []
        // Rows that passed their checks, by number, when their jobs are not kept.
        var passed = RowSet()
        var problems: [RowProblem] = []
        // What the rows read, each once: rows share their templates and media folders.
        var inputs: [OutputGuard.Input] = [.file(request.jobsFile)]
        var named = Set<String>()
        func read(_ input: OutputGuard.Input, _ key: String) { if named.insert(key).inserted { inputs.append(input) } }
        var rowCount = 0
        var shardRows = 0
        do {
            try JobsFile.scan(request.jobsFile) { record in
                rowCount += 1
                writes.add(record)
                guard request.shard?.contains(row: record.row) ?? true else { return }
                shardRows += 1
                switch validation.job(record) {
                case .success(let job):
                    read(.tree(job.template.folder), "t" + job.template.folder)
                    for path in job.media + [job.song?.path, job.resolve.voice?.path].compactMap({ $0 }) { read(.media(path), "m" + path) }
                    if keepingJobs { jobs.append(job) } else { passed.insert(job.row) }
                case .failure(let problem): problems.append(problem)
                }
            }
        } catch { throw .jobsFile(error) }
        try writes.check()
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
        func check(_ name: String, row: Int, line: Int, id: String) -> Bool {
            do throws(FileAccessError) {
                try AtomicFile.checkFileOutput(beneath: request.outputFolder, name: name, label: "the output")
                try guardian.check([(label: "output", path: BatchNames.join(request.outputFolder, name))])
                readyRows += 1
                return true
            } catch {
                problems.append(RowProblem(row: row, line: line, id: id, reasons: [.init(column: "output", message: error.reason)]))
                return false
            }
        }
        for job in jobs where check(job.output, row: job.row, line: job.line, id: job.id) { ready.append(job) }
        // Without jobs, the outputs noted for the whole file are those of the rows that passed.
        writes.forEachOutput { name, writer in
            if passed.contains(writer.row) { _ = check(name, row: writer.row, line: writer.line, id: writer.id) }
        }
        return BatchPlan(
            request: request, rowCount: rowCount, shardRows: shardRows, readyRows: readyRows, jobs: ready,
            problems: problems.sorted { $0.row < $1.row }, manifestPath: manifest)
    }

    /// Row numbers, a bit each: what a check keeps of a row that passed.
    struct RowSet {
        private var words: [UInt64] = []

        mutating func insert(_ row: Int) {
            let (word, bit) = (row / 64, row % 64)
            if word >= words.count { words += [UInt64](repeating: 0, count: word - words.count + 1) }
            words[word] |= 1 << UInt64(bit)
        }

        func contains(_ row: Int) -> Bool {
            let (word, bit) = (row / 64, row % 64)
            return word < words.count && words[word] & (1 << UInt64(bit)) != 0
        }
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

    /// `workers` nil picks `defaultWorkers`, and any value is raised to at least 1; no path is checked here.
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
    /// The request the plan was made for, so a run needs nothing else.
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
    /// Where the manifest was written (in the output folder).
    public let manifestPath: String

    /// Rows rendered by this run.
    public var rendered: Int { entries.filter { $0.status == .ok }.count }
    /// Rows whose earlier output was checked unchanged and kept.
    public var skipped: Int { entries.filter { $0.status == .skipped }.count }
    /// Rows that failed, in row order; their entries' `error` says why.
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
