import Foundation
import JobStore

/// What `/metrics` says, in Prometheus's text format: jobs by state and the queue's depth (read
/// from the store when asked), frames rendered and the render rate, requests and their latencies
/// by route and status.
package final class ServerMetrics: @unchecked Sendable {
    /// Upper bounds of the latency histogram's buckets, in seconds.
    static let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    private let lock = NSLock()
    private var requests: [String: Int] = [:]
    private var latencyCounts: [String: [Int]] = [:]
    private var latencySums: [String: Double] = [:]
    private var frames: Int64 = 0
    /// Frames drawn in each of the last `window` whole seconds (slot: second mod window), and the second each slot counts.
    private var recentFrames = [Int64](repeating: 0, count: ServerMetrics.window)
    private var recentSeconds = [Int](repeating: -1, count: ServerMetrics.window)
    /// Seconds the render rate is measured over: a rate of now, not of the server's whole life.
    static let window = 10

    /// Counters start at zero with the server.
    package init() {}

    /// Counts one answered request of `route` (its pattern, not its path) with `status`.
    func request(method: String, route: String, status: Int, seconds: Double) {
        let key = "method=\"\(method)\",route=\"\(route)\",status=\"\(status)\""
        let routeKey = "method=\"\(method)\",route=\"\(route)\""
        lock.lock()
        defer { lock.unlock() }
        requests[key, default: 0] += 1
        var counts = latencyCounts[routeKey] ?? Array(repeating: 0, count: Self.buckets.count)
        for (i, bound) in Self.buckets.enumerated() where seconds <= bound { counts[i] += 1 }
        latencyCounts[routeKey] = counts
        latencySums[routeKey, default: 0] += seconds
    }

    /// Adds frames drawn by a render.
    func framesRendered(_ n: Int64) {
        guard n > 0 else { return }
        let second = Int(ServerClock.seconds())
        lock.lock()
        frames += n
        let slot = second % Self.window
        if recentSeconds[slot] != second {
            recentSeconds[slot] = second
            recentFrames[slot] = 0
        }
        recentFrames[slot] += n
        lock.unlock()
    }

    /// Frames a second over the last `window` seconds (the current second counted as whole).
    private func recentRate() -> Double {
        let now = Int(ServerClock.seconds())
        let counted = zip(recentSeconds, recentFrames).filter { $0.0 > now - Self.window }.map(\.1).reduce(0, +)
        return Double(counted) / Double(Self.window)
    }

    /// The exposition text, with the store's counts of jobs by state.
    func text(jobs: [JobState: Int]) -> String {
        lock.lock()
        defer { lock.unlock() }
        var out = ""
        out += "# HELP reel_jobs Jobs in the store by state.\n# TYPE reel_jobs gauge\n"
        for state in JobState.allCases { out += "reel_jobs{state=\"\(state.rawValue)\"} \(jobs[state] ?? 0)\n" }
        out += "# HELP reel_queue_depth Jobs waiting to run.\n# TYPE reel_queue_depth gauge\n"
        out += "reel_queue_depth \(jobs[.queued] ?? 0)\n"
        out += "# HELP reel_frames_rendered_total Frames drawn by renders since the server started.\n# TYPE reel_frames_rendered_total counter\n"
        out += "reel_frames_rendered_total \(frames)\n"
        out += "# HELP reel_render_fps Frames drawn per second over the last \(Self.window) seconds, by every render.\n# TYPE reel_render_fps gauge\n"
        out += "reel_render_fps \(String(format: "%.3f", recentRate()))\n"
        out += "# HELP reel_http_requests_total Requests answered, by method, route and status.\n# TYPE reel_http_requests_total counter\n"
        for (key, n) in requests.sorted(by: { $0.key < $1.key }) { out += "reel_http_requests_total{\(key)} \(n)\n" }
        out += "# HELP reel_http_request_seconds Time to answer a request, by method and route.\n# TYPE reel_http_request_seconds histogram\n"
        for (key, counts) in latencyCounts.sorted(by: { $0.key < $1.key }) {
            for (i, bound) in Self.buckets.enumerated() { out += "reel_http_request_seconds_bucket{\(key),le=\"\(bound)\"} \(counts[i])\n" }
            let total = requests.filter { $0.key.hasPrefix(key + ",") }.map(\.value).reduce(0, +)
            out += "reel_http_request_seconds_bucket{\(key),le=\"+Inf\"} \(total)\n"
            out += "reel_http_request_seconds_sum{\(key)} \(String(format: "%.6f", latencySums[key] ?? 0))\n"
            out += "reel_http_request_seconds_count{\(key)} \(total)\n"
        }
        return out
    }
}
