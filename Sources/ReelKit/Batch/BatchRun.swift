import FileAccess
import Foundation
import MediaIO

extension Batch {
    /// Renders the plan's rows on `request.workers` threads and records each in the manifest as it
    /// finishes; rows that failed their checks are recorded failed first. The output folder is
    /// locked for the run (`BatchLock`): another run into it is refused, not rendered twice.
    ///
    /// A row whose output an earlier run made (an entry in any manifest of the output folder with
    /// the same inputs digest, its output still of the recorded size and digest) is kept, not
    /// rendered, unless `force`. Each row's failure is its own: it is recorded with its error and the
    /// other rows go on. Setting `cancel` stops the renders under way (leaving no partial file and
    /// no entry for them) and starts no more rows.
    public static func run(
        _ plan: BatchPlan, events: (@Sendable (BatchEvent) -> Void)? = nil, cancel: CancellationFlag? = nil
    ) throws(BatchError) -> BatchSummary {
        let folder = plan.request.outputFolder
        do { try FolderMaking.create(folder) } catch { throw .file(error) }
        // Held until the run returns: a second run into this folder is refused meanwhile (BatchLock).
        let lock = try BatchLock.take(folder: folder, shard: plan.request.shard)
        defer { withExtendedLifetime(lock) {} }
        try MediaLibrary.checkEncodersForBatch()
        let rows = Set(plan.jobs.map(\.row) + plan.problems.map(\.row))
        let ids = Dictionary(plan.jobs.map { ($0.row, $0.id) } + plan.problems.map { ($0.row, $0.id) }, uniquingKeysWith: { a, _ in a })
        // What earlier runs finished, from every manifest in the folder (a shard's, a merge's).
        var earlier: [Int: [ManifestEntry]] = [:]
        var own: [ManifestEntry] = []
        for (file, entries) in Manifest.readAll(in: folder) {
            for e in entries where rows.contains(e.row) && ids[e.row] == e.id {
                if e.isDone { earlier[e.row, default: []].append(e) }
                if BatchNames.join(folder, file) == plan.manifestPath { own.append(e) }
            }
        }
        // The manifest starts as this run's own last one, so a kill before a row is reached loses nothing of it.
        let checked = plan.problems.map { p in
            ManifestEntry(row: p.row, id: p.id, status: .failed, output: nil, error: p.reasons.map(\.description).joined(separator: "; "))
        }
        let manifest = Manifest(path: plan.manifestPath, entries: own + checked)
        do { try manifest.write() } catch { throw .file(error) }
        for e in checked { events?(.rowFinished(e)) }

        // Every video is created beneath the folder, never through a link planted at its name.
        OutputFolders.hold(folder)
        defer { OutputFolders.release(folder) }
        let digests = InputDigest()
        let writeFailure = WriteFailure()
        let jobs = plan.jobs
        let candidates = plan.request.force ? [:] : earlier
        WorkerPool.run(workers: plan.request.workers, count: jobs.count) { i in
            guard cancel?.isCancelled != true, !writeFailure.happened else { return }
            let job = jobs[i]
            let render = RowRender(job: job, folder: folder, digests: digests, events: events, cancel: cancel)
            guard let entry = render.run(earlier: candidates[job.row] ?? []) else { return }
            do throws(FileAccessError) { try manifest.record(entry) } catch { writeFailure.set(error) }
            events?(.rowFinished(entry))
        }
        if let e = writeFailure.error { throw .file(e) }
        let entries = manifest.all.filter { rows.contains($0.row) }
        return BatchSummary(entries: entries, manifestPath: plan.manifestPath)
    }
}

extension MediaLibrary {
    /// `checkEncoders`, its failure as a batch error.
    static func checkEncodersForBatch() throws(BatchError) {
        do { try checkEncoders() } catch {
            throw .file(FileAccessError(.failed, file: "reel", operation: "checking the encoders", reason: error.description))
        }
    }
}

/// The first failure to write the manifest: the batch then stops, since a row it cannot record
/// would be rendered again by the next run.
private final class WriteFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: FileAccessError?

    func set(_ e: FileAccessError) {
        lock.lock()
        if first == nil { first = e }
        lock.unlock()
    }

    var error: FileAccessError? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    var happened: Bool { error != nil }
}
