import DocumentJSON
import JobStore

/// A job as the API shows it: id, status, times, progress, the result's links and summary, or the
/// error with its code. The request is shown as accepted.
enum JobJSON {
    static func value(_ job: StoredJob) -> JSONValue {
        var o = JSONObject([
            "id": .string(job.id), "kind": .string(job.kind), "status": .string(job.state.rawValue),
            "createdAt": APIJSON.time(job.createdAt), "updatedAt": APIJSON.time(job.updatedAt), "attempts": APIJSON.int(job.attempts),
        ])
        if let t = job.startedAt { o["startedAt"] = APIJSON.time(t) }
        if let t = job.finishedAt { o["finishedAt"] = APIJSON.time(t) }
        if let request = APIJSON.stored(job.request) { o["request"] = request }
        if job.state == .running || job.state == .queued, let progress = APIJSON.stored(job.progress) { o["progress"] = progress }
        if job.state == .done {
            if let result = APIJSON.stored(job.result) { o["result"] = result }
            o["output"] = .string("/v1/renders/\(job.id)/output")
            o["timeline"] = .string("/v1/renders/\(job.id)/timeline")
        }
        if job.state == .failed, let error = APIJSON.stored(job.error) { o["error"] = error }
        return .object(o)
    }
}
