import DocumentJSON
import Foundation
import JobStore
import ReelKit

/// Turns a running make's events into the job's progress (frames, percent, fps, ETA, stage) and
/// writes it to the store at most four times a second, and once at each stage's end.
final class JobProgress: @unchecked Sendable {
    private let id: String
    private let store: JobStore
    private let metrics: ServerMetrics
    private let lock = NSLock()
    private var lastWrite = 0.0
    private var renderStart: Double?
    private var lastFrames: Int64 = 0
    private var stage = "starting"

    init(id: String, store: JobStore, metrics: ServerMetrics) {
        self.id = id
        self.store = store
        self.metrics = metrics
    }

    /// The pipeline's event handler.
    var events: @Sendable (PipelineEvent) -> Void { { [self] event in handle(event) } }

    private func handle(_ event: PipelineEvent) {
        let now = ServerClock.seconds()
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .templateLoaded: stage = "loading"
        case .resolved: stage = "resolving"
        case .exporting:
            stage = "rendering"
            renderStart = now
        case .stage(let s):
            if stage != "rendering" { stage = s.stage.rawValue }
        case .rendering(let p):
            let done = p.overallDone
            metrics.framesRendered(done - lastFrames)
            lastFrames = done
            guard now - lastWrite >= 0.25 || done == p.overallCount else { return }
            lastWrite = now
            var o = JSONObject(["stage": .string("rendering"), "frames": APIJSON.int64(done), "totalFrames": APIJSON.int64(p.overallCount)])
            let fraction = p.overallCount > 0 ? Double(done) / Double(p.overallCount) : 0
            o["percent"] = APIJSON.double((fraction * 1000).rounded() / 10)
            if let start = renderStart, now > start, done > 0 {
                let fps = Double(done) / (now - start)
                o["fps"] = APIJSON.double((fps * 10).rounded() / 10)
                o["etaSeconds"] = APIJSON.double((Double(p.overallCount - done) / fps * 10).rounded() / 10)
            }
            try? store.setProgress(id, JSONWriter.line(.object(o)))
            return
        }
        try? store.setProgress(id, JSONWriter.line(.object(JSONObject(["stage": .string(stage)]))))
    }

    /// Progress learned from elsewhere (a render's tasks on a cluster): the stage, frames done of
    /// `total` and frames a second, when known. Written at once (the caller already paces it).
    func report(stage: String, done: Int64?, total: Int64?, fps: Double?) {
        lock.lock()
        defer { lock.unlock() }
        var o = JSONObject(["stage": .string(stage)])
        if let done, let total, total > 0 {
            metrics.framesRendered(max(0, done - lastFrames))
            lastFrames = max(lastFrames, done)
            o["frames"] = APIJSON.int64(done)
            o["totalFrames"] = APIJSON.int64(total)
            o["percent"] = APIJSON.double((Double(done) / Double(total) * 1000).rounded() / 10)
            if let fps, fps > 0 {
                o["fps"] = APIJSON.double((fps * 10).rounded() / 10)
                o["etaSeconds"] = APIJSON.double((Double(total - done) / fps * 10).rounded() / 10)
            }
        }
        try? store.setProgress(id, JSONWriter.line(.object(o)))
    }
}

/// Monotonic seconds, for rates and intervals (never the wall clock).
enum ServerClock {
    static func seconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Milliseconds since 1970: the store's times.
    static func wallMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
