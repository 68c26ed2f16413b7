import DocumentJSON
import FileAccess
import Foundation
import JobStore
import ReelKit

/// Renders a claimed job as Slurm jobs (`reel serve --backend slurm`) and follows them to the
/// end, reporting the same states and progress as a render on this machine: the API does not
/// change, only where the frames are drawn.
///
/// The request is checked and resolved here (the timeline is written beside the output, as a
/// local render writes it); the drawing, the sound and the join run on the cluster's nodes, which
/// must see the data folder, the templates and the media at the same paths (a shared file system).
/// The jobs' ids are written down as soon as Slurm gives them, so a server killed or drained
/// while they run follows the same jobs when it starts again; jobs of a submission whose ids were
/// lost are found by name (`reel-<job id>`) and cancelled before submitting again.
final class SlurmBackend: Sendable {
    let cluster: SlurmCluster
    /// The `reel` executable the tasks run: this server's own.
    let reel: String
    /// `<data>/slurm`: a work folder per job (its plan, logs, segments and soundtrack).
    let root: String
    /// Seconds of video a segment covers; a video no longer renders in one job.
    let segmentSeconds: Double
    /// Seconds between two looks at the jobs' states.
    let pollSeconds: Double

    init(cluster: SlurmCluster, reel: String, root: String, segmentSeconds: Double, pollSeconds: Double = 1) {
        self.cluster = cluster
        self.reel = reel
        self.root = root
        self.segmentSeconds = segmentSeconds
        self.pollSeconds = pollSeconds
    }

    /// Makes the work root and the two scripts every submission runs (Slurm copies a script when
    /// it takes a job, so they are written once).
    func prepare() throws(ServerError) {
        if FileKind.of(root) == nil && mkdir(root, 0o700) != 0 {
            throw ServerError(root, "cannot be created: \(String(cString: strerror(errno)))")
        }
        let scripts = [
            (
                Self.taskScript,
                "#!/bin/sh\n# One task of a reel serve render on Slurm: its arguments run as given, never parsed by a shell.\nexec \"$@\"\n"
            ),
            (
                Self.segmentScript,
                "#!/bin/sh\n# A segment of a reel serve render, a task of a Slurm array: its arguments run as given, with the\n# task's segment and part file from the array's own variables.\nexec \"$@\" --segment \"$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT\" -o \"part-$SLURM_ARRAY_TASK_ID.mp4\"\n"
            ),
        ]
        for (name, text) in scripts {
            let path = root + "/" + name
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                throw ServerError(path, "cannot be written: \(error.localizedDescription)")
            }
            chmod(path, 0o755)
        }
    }

    static let taskScript = "task.sh"
    static let segmentScript = "segment.sh"

    /// What a job renders on the cluster: the timeline file, its length, the options of each kind of task.
    struct Work {
        let timeline: String
        let frames: Int64
        let seconds: Double
        /// `reel render` options of the picture: quality, size, bitrate, bpp.
        let picture: [String]
        /// Options of the sound: audio bit rate and loudness.
        let sound: [String]
        /// Options only the whole file has: soft captions.
        let container: [String]
        /// A constant quality (no bit rate): only then is the video split.
        var constantQuality: Bool { !picture.contains("--bitrate") && !picture.contains("--bpp") }
    }

    /// Renders `job` on the cluster into `paths`; returns the done job's result. Throws
    /// `ReelError.cancelled` when cancelled (the Slurm jobs cancelled too) or when `detached`
    /// (the server drains: the Slurm jobs go on, and the next start follows them).
    func render(
        _ job: StoredJob, paths: (video: String, timeline: String), check: RenderCheck, timelineFolder: String, progress: JobProgress,
        cancel: CancellationFlag, detached: @escaping @Sendable () -> Bool
    ) throws -> JSONValue {
        let folder = root + "/" + job.id
        let planFile = folder + "/jobs.json"
        let resultFile = folder + "/result.json"
        var plan = (try? String(contentsOfFile: planFile, encoding: .utf8)).flatMap(SlurmPlan.init(text:))
        if plan == nil {
            // Whatever a run killed before it wrote its plan left behind: its jobs, its files.
            try? cluster.cancel(try cluster.jobs(named: Self.name(job.id)))
            try? FileManager.default.removeItem(atPath: folder)
            guard mkdir(folder, 0o700) == 0 else { throw ServerError(folder, "cannot be created: \(String(cString: strerror(errno)))") }
            let (work, result) = try prepareWork(job, paths: paths, check: check, timelineFolder: timelineFolder, progress: progress)
            try Data(JSONWriter.line(result).utf8).write(to: URL(fileURLWithPath: resultFile), options: .atomic)
            if cancel.isCancelled { throw ReelError.cancelled }
            let submitted = try submit(job.id, work: work, folder: folder, output: paths.video)
            try Data(submitted.text.utf8).write(to: URL(fileURLWithPath: planFile), options: .atomic)
            plan = submitted
        }
        guard let plan else { throw ReelError.cancelled }
        try follow(plan, id: job.id, folder: folder, output: paths.video, progress: progress, cancel: cancel, detached: detached)
        let result = (try? String(contentsOfFile: resultFile, encoding: .utf8)).flatMap { try? JSONParser.parse($0).root }
        try? FileManager.default.removeItem(atPath: folder)
        return result ?? .object(JSONObject(["summary": .array([]), "warnings": .array([])]))
    }

    /// Removes what the job left in its work folder (after a cancel).
    func discard(_ id: String) {
        try? FileManager.default.removeItem(atPath: root + "/" + id)
    }

    /// The name every Slurm job of a render carries.
    static func name(_ id: String) -> String { "reel-\(id)" }

    /// Checks and resolves the request (a make's first half, as on this machine), writes the
    /// timeline beside the output, and says what the tasks run.
    private func prepareWork(
        _ job: StoredJob, paths: (video: String, timeline: String), check: RenderCheck, timelineFolder: String, progress: JobProgress
    ) throws -> (Work, JSONValue) {
        let options: [String: String]
        let result: JSONValue
        let timeline: Timeline
        if job.kind == RenderRunner.timelineKind {
            let request = try TimelineRenderRequest(stored: job.request)
            timeline = try Pipeline.readTimeline("\(timelineFolder)/\(request.timeline)/\(request.snapshot)")
            options = request.options
            result = .object(JSONObject(["summary": .array([]), "warnings": .array([])]))
        } else {
            let request = try RenderRequest(stored: job.request)
            let make = try check.makeRequest(request, owner: job.owner, output: paths.video, timeline: paths.timeline)
            let (loaded, resolution, _) = try Pipeline.resolveMake(make, events: progress.events)
            timeline = resolution.timeline
            var flags = request.options
            if request.flag("soft-captions") { flags["soft-captions"] = "true" } else { flags["soft-captions"] = nil }
            options = flags
            let warnings = (loaded.diagnostics + resolution.diagnostics).filter { $0.severity == .warning }
            result = .object(JSONObject(["summary": APIJSON.strings(resolution.summary), "warnings": .array(warnings.map { $0.jsonValue })]))
        }
        try Pipeline.writeTimeline(timeline, to: paths.timeline)
        func args(_ names: [String]) -> [String] { names.compactMap { name in options[name].map { ["--" + name, $0] } }.flatMap { $0 } }
        var result2 = result.objectValue ?? JSONObject()
        result2["duration"] = .string(TimeText.string(from: timeline.duration))
        result2["frames"] = APIJSON.int64(timeline.frameCount)
        let work = Work(
            timeline: paths.timeline, frames: timeline.frameCount, seconds: timeline.duration.seconds,
            picture: args(["quality", "size", "bitrate", "bpp"]), sound: args(["audio-bitrate", "loudness"]),
            container: options["soft-captions"] == "true" ? ["--soft-captions"] : [])
        return (work, .object(result2))
    }

    /// Submits the render's jobs: one, or the segments and the soundtrack with a join after them.
    private func submit(_ id: String, work: Work, folder: String, output: String) throws -> SlurmPlan {
        let name = Self.name(id)
        let task = root + "/" + Self.taskScript
        let n = SlurmPlan.segmentCount(
            seconds: work.seconds, frames: work.frames, segmentSeconds: segmentSeconds, constantQuality: work.constantQuality)
        var jobs: [String] = []
        do {
            if n == 1 {
                jobs.append(
                    try cluster.submit(
                        name: name, folder: folder, log: "render.log", script: task,
                        arguments: [reel, "render", work.timeline, "-o", output, "--progress", "json"] + work.picture + work.sound + work.container))
            } else {
                jobs.append(
                    try cluster.submit(
                        name: name, folder: folder, log: "segment-%a.log", array: n, script: root + "/" + Self.segmentScript,
                        arguments: [reel, "render", work.timeline, "--progress", "json"] + work.picture))
                jobs.append(
                    try cluster.submit(
                        name: name, folder: folder, log: "sound.log", script: task,
                        arguments: [reel, "render", work.timeline, "--soundtrack", "-o", "sound.m4a", "--progress", "json"] + work.sound))
                let parts = (0..<n).map { "part-\($0).mp4" }
                jobs.append(
                    try cluster.submit(
                        name: name, folder: folder, log: "join.log", after: jobs, script: task,
                        arguments: [reel, "join"] + parts + ["sound.m4a", "--timeline", work.timeline, "-o", output] + work.sound + work.container))
            }
        } catch {
            try? cluster.cancel(jobs)
            throw error
        }
        return SlurmPlan(segments: n, jobs: jobs, frames: work.frames)
    }

    /// Looks at the plan's jobs until the video is done, a job fails, or the render is cancelled or detached.
    private func follow(
        _ plan: SlurmPlan, id: String, folder: String, output: String, progress: JobProgress, cancel: CancellationFlag,
        detached: @Sendable () -> Bool
    ) throws {
        var unanswered = 0
        while true {
            if cancel.isCancelled {
                if !detached() {
                    try? cluster.cancel(plan.jobs)
                    discard(id)
                }
                throw ReelError.cancelled
            }
            let states: [SlurmCluster.TaskState]
            do {
                states = try cluster.states(plan.jobs)
                unanswered = 0
            } catch {
                // A controller that does not answer for a while fails the render rather than hold it forever.
                unanswered += 1
                if Double(unanswered) * pollSeconds > 300 { throw ServerError("slurm", error.description) }
                Thread.sleep(forTimeInterval: pollSeconds)
                continue
            }
            if let failed = states.first(where: { $0.isFinished && !$0.succeeded }) {
                try? cluster.cancel(plan.jobs)
                throw SlurmFailure(job: failed.job, state: failed.state, message: firstError(in: folder, plan: plan))
            }
            let final = states.filter { $0.job == plan.finalJob }
            if final.isEmpty || final.allSatisfy(\.succeeded) {
                // Done, or forgotten by the cluster: the output, written atomically, says which.
                guard FileKind.withoutFollowing(output) == .regular else {
                    throw SlurmFailure(
                        job: plan.finalJob ?? "", state: final.isEmpty ? "UNKNOWN" : "COMPLETED",
                        message: firstError(in: folder, plan: plan) ?? "the cluster no longer knows the job and its video is not there")
                }
                progress.report(stage: "rendering", done: plan.frames, total: plan.frames, fps: nil)
                return
            }
            report(plan, states: states, folder: folder, progress: progress)
            Thread.sleep(forTimeInterval: pollSeconds)
        }
    }

    /// The frames the tasks have drawn, from their logs, as the job's progress.
    private func report(_ plan: SlurmPlan, states: [SlurmCluster.TaskState], folder: String, progress: JobProgress) {
        if states.allSatisfy({ $0.state == "PENDING" }) {
            progress.report(stage: "queued on Slurm", done: nil, total: nil, fps: nil)
            return
        }
        let logs = plan.segments == 1 ? ["render.log"] : (0..<plan.segments).map { "segment-\($0).log" }
        var done: Int64 = 0
        var fps = 0.0
        for log in logs {
            guard let p = TaskLog(path: folder + "/" + log).renderProgress else { continue }
            done += p.done
            fps += p.rate
        }
        let joining = plan.segments > 1 && states.contains { $0.job == plan.finalJob && $0.state == "RUNNING" }
        progress.report(stage: joining ? "joining" : "rendering", done: min(done, plan.frames), total: plan.frames, fps: fps > 0 ? fps : nil)
    }

    /// The first `reel: error:` line of the tasks' logs, the join's first.
    private func firstError(in folder: String, plan: SlurmPlan) -> String? {
        let logs = ["join.log", "sound.log", "render.log"] + (0..<plan.segments).map { "segment-\($0).log" }
        for log in logs { if let e = TaskLog(path: folder + "/" + log).error { return e } }
        return nil
    }
}

/// A Slurm job of a render that ended without success.
struct SlurmFailure: Error, CustomStringConvertible {
    let job: String
    let state: String
    let message: String?

    var description: String {
        "Slurm job \(job) ended \(state)" + (message.map { ": \($0)" } ?? "")
    }
}
