import DocumentJSON
import FileAccess
import Foundation
import JobStore
import ReelKit

/// Runs the queued renders of the store, `workers` at a time, each through `Pipeline.make` into
/// the data folder's outputs (through the atomic writer, as every Reel output), or as jobs on a
/// Slurm cluster (`SlurmBackend`), which then holds a worker only to follow them.
///
/// A job is claimed atomically, so two workers (or two server processes on one store) never run
/// it twice; one cancelled while it runs stops at its next frame, and its output is removed even
/// when it finished first (the store refuses `finish` for a cancelled job). A drain lets running
/// jobs finish until its deadline, then cancels them and returns them to the queue.
package final class RenderRunner: @unchecked Sendable {
    private let store: JobStore
    private let check: RenderCheck
    private let outputs: String
    private let metrics: ServerMetrics
    private let workers: Int
    private let lock = NSCondition()
    private var running: [String: CancellationFlag] = [:]
    private var requeued: Set<String> = []
    private var stopping = false
    private var threads = 0
    /// Called when a job ends with a webhook due.
    var onWebhookDue: @Sendable () -> Void = {}

    /// The kind of a job made by `POST /v1/renders`: a template filled and rendered.
    static let renderKind = "render"
    /// The kind of a job made by `POST /v1/timelines/{id}/renders`: a stored timeline rendered.
    static let timelineKind = "timeline-render"

    /// Where timelines live: a timeline render's copy is beneath it.
    var timelineFolder = ""
    /// Renders on a Slurm cluster instead of this machine (`--backend slurm`); nil renders here.
    var slurm: SlurmBackend?

    init(store: JobStore, check: RenderCheck, outputs: String, metrics: ServerMetrics, workers: Int) {
        self.store = store
        self.check = check
        self.outputs = outputs
        self.metrics = metrics
        self.workers = workers
    }

    /// Starts the workers.
    func start() {
        lock.lock()
        threads = workers
        lock.unlock()
        for n in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.name = "reel-render-\(n)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Wakes a worker: a job was queued.
    func wake() {
        lock.lock()
        lock.broadcast()
        lock.unlock()
    }

    /// Stops a running job now (its store state is already `cancelled`).
    func cancel(_ id: String) {
        lock.lock()
        running[id]?.cancel()
        lock.unlock()
    }

    /// Stops taking jobs; waits up to `deadline` seconds for the running ones (not at all for
    /// renders on Slurm, which go on), then cancels them and returns them to the queue. Returns
    /// once every worker has stopped.
    func drain(deadline: Double) {
        // Renders on Slurm go on without this process: their followers stop at once, and the next
        // start follows the same Slurm jobs.
        let end = ServerClock.seconds() + (slurm == nil ? deadline : 0)
        lock.lock()
        stopping = true
        lock.broadcast()
        while threads > 0 && ServerClock.seconds() < end { _ = lock.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        for (id, flag) in running {
            requeued.insert(id)
            flag.cancel()
        }
        while threads > 0 { _ = lock.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        lock.unlock()
    }

    private func work() {
        while true {
            lock.lock()
            if stopping {
                threads -= 1
                lock.broadcast()
                lock.unlock()
                return
            }
            lock.unlock()
            let job: StoredJob?
            do { job = try store.claimNext() } catch { job = nil }
            guard let job else {
                lock.lock()
                if !stopping { _ = lock.wait(until: Date(timeIntervalSinceNow: 0.5)) }
                lock.unlock()
                continue
            }
            run(job)
        }
    }

    /// Where job `id`'s video and timeline go.
    func outputPaths(_ id: String) -> (video: String, timeline: String) {
        ("\(outputs)/\(id).mp4", "\(outputs)/\(id).timeline.json")
    }

    private func run(_ job: StoredJob) {
        let flag = CancellationFlag()
        lock.lock()
        running[job.id] = flag
        lock.unlock()
        defer {
            lock.lock()
            running[job.id] = nil
            requeued.remove(job.id)
            lock.unlock()
        }
        let paths = outputPaths(job.id)
        let progress = JobProgress(id: job.id, store: store, metrics: metrics)
        let isTimeline = job.kind == Self.timelineKind
        let webhook = isTimeline ? (try? TimelineRenderRequest(stored: job.request))?.webhook : (try? RenderRequest(stored: job.request))?.webhook
        defer { if webhook != nil { onWebhookDue() } }
        do {
            let result: JSONValue
            if let slurm {
                result = try slurm.render(
                    job, paths: paths, check: check, timelineFolder: timelineFolder, progress: progress, cancel: flag,
                    detached: { [self] in
                        lock.lock()
                        defer { lock.unlock() }
                        return requeued.contains(job.id)
                    })
            } else if isTimeline {
                result = try renderTimeline(try TimelineRenderRequest(stored: job.request), to: paths, progress: progress, cancel: flag)
            } else {
                let request = try RenderRequest(stored: job.request)
                let make = try check.makeRequest(request, owner: job.owner, output: paths.video, timeline: paths.timeline)
                result = Self.result(try Pipeline.make(make, events: progress.events, cancel: flag))
            }
            let finished = (try? store.finish(job.id, result: JSONWriter.line(result), webhook: webhook)) ?? false
            if !finished { removeOutputs(paths) }
        } catch let error as APIError {
            _ = try? store.fail(job.id, error: JSONWriter.line(error.errorObject), webhook: webhook)
        } catch let error as ReelError {
            lock.lock()
            let drained = requeued.contains(job.id)
            lock.unlock()
            // A render on Slurm left by a drain goes on reading its timeline beside the output.
            if !(drained && slurm != nil) { removeOutputs(paths) }
            if case .cancelled = error {
                if drained { _ = try? store.requeue(job.id) }
                return
            }
            _ = try? store.fail(job.id, error: JSONWriter.line(Self.error(error)), webhook: webhook)
        } catch let error as SlurmFailure {
            removeOutputs(paths)
            fail(job.id, code: "render_failed", message: error.description, webhook: webhook)
        } catch let error as SlurmError {
            removeOutputs(paths)
            fail(job.id, code: "backend_failed", message: error.description, webhook: webhook)
        } catch {
            removeOutputs(paths)
            fail(job.id, code: "internal", message: "\(error)", webhook: webhook)
        }
    }

    /// Ends job `id` as failed with a stable `code` and `message`.
    private func fail(_ id: String, code: String, message: String, webhook: String?) {
        let failure = JSONObject(["code": .string(code), "message": .string(message)])
        _ = try? store.fail(id, error: JSONWriter.line(.object(failure)), webhook: webhook)
    }

    /// Renders the copy of a timeline a job keeps, and writes that timeline beside the video.
    private func renderTimeline(
        _ request: TimelineRenderRequest, to paths: (video: String, timeline: String), progress: JobProgress, cancel: CancellationFlag
    ) throws(ReelError) -> JSONValue {
        let copy = "\(timelineFolder)/\(request.timeline)/\(request.snapshot)"
        let timeline = try Pipeline.readTimeline(copy)
        let export: ExportOptions
        do { export = try request.optionText.exportOptions(canvas: timeline.canvas) } catch { throw .option(error) }
        let events = progress.events
        events(.exporting(export))
        let report = try Pipeline.render(
            timeline, to: paths.video, options: export, progress: { events(.rendering($0)) }, cancel: cancel, events: events)
        try Pipeline.writeTimeline(timeline, to: paths.timeline)
        return .object(
            JSONObject([
                "summary": .array([]), "warnings": .array(report.warnings.map { .object(JSONObject(["message": .string($0)])) }),
                "duration": .string(TimeText.string(from: timeline.duration)), "frames": APIJSON.int64(report.frameCount),
            ]))
    }

    private func removeOutputs(_ paths: (video: String, timeline: String)) {
        for path in [paths.video, paths.timeline] where FileKind.withoutFollowing(path) == .regular { unlink(path) }
    }

    /// What a done job reports: the resolver's summary, its warnings, the video's length and frames.
    static func result(_ r: MakeResult) -> JSONValue {
        let warnings = (r.templateDiagnostics + r.resolution.diagnostics).filter { $0.severity == .warning }
        return .object(
            JSONObject([
                "summary": APIJSON.strings(r.resolution.summary),
                "warnings": .array(warnings.map { $0.jsonValue } + r.export.warnings.map { .object(JSONObject(["message": .string($0)])) }),
                "duration": .string(TimeText.string(from: r.resolution.timeline.duration)),
                "frames": APIJSON.int64(r.export.frameCount),
            ]))
    }

    /// What a failed job reports: a stable code, the message, and the diagnostics behind it.
    static func error(_ e: ReelError) -> JSONValue {
        var o = JSONObject(["code": .string(e.apiCode), "message": .string(e.description)])
        let d = e.diagnostics
        if !d.isEmpty { o["diagnostics"] = .array(d.map { $0.jsonValue }) }
        return .object(o)
    }
}
