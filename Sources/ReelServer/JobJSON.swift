import DocumentJSON
import JobStore

/// A job as the API shows it: id, status, times, progress, the result's links and summary, or the
/// error with its code. The request is shown as accepted.
enum JobJSON {
    /// `job` as the API shows it, with its webhook's deliveries when `store` has them.
    static func value(_ job: StoredJob, store: JobStore? = nil) -> JSONValue {
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
        if let store, let hook = try? store.webhook(of: job.id) {
            var w = JSONObject(["url": .string(hook.url), "attempts": APIJSON.int(hook.attempts), "delivered": .bool(hook.deliveredAt != nil)])
            if hook.gaveUp { w["gaveUp"] = .bool(true) }
            w["deliveries"] = .array(
                hook.deliveries.map { d in
                    var o = JSONObject(["attempt": APIJSON.int(d.attempt), "at": APIJSON.time(d.at)])
                    if let status = d.status { o["status"] = APIJSON.int(status) }
                    if let error = d.error { o["error"] = .string(error) }
                    return .object(o)
                })
            o["webhook"] = .object(w)
        }
        return .object(o)
    }
}
