import DocumentJSON
import Foundation
import JobStore
import Signing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Delivers the webhooks of ended jobs: the job's JSON POSTed to its URL, signed, retried with
/// exponential backoff (1 s, 2 s, 4 s … at most an hour apart, `maxAttempts` in all), each attempt
/// recorded on the job. Due webhooks live in the store, so a call owed when the server stops is
/// made after it starts again.
///
/// The signature is Stripe's scheme: `Reel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
/// "<t>.<body>" under the server's secret>`; a receiver recomputes it and refuses an old `t`.
final class WebhookSender: @unchecked Sendable {
    /// Attempts before a webhook is given up.
    static let maxAttempts = 10
    /// Longest wait between two attempts (seconds).
    static let maxBackoff = 3600.0
    /// How long one attempt may take (seconds).
    static let timeout = 10.0

    private let store: JobStore
    private let secret: [UInt8]
    private let lock = NSCondition()
    private var stopping = false
    private var running = false

    init(store: JobStore, secret: [UInt8]) {
        self.store = store
        self.secret = secret
    }

    /// Starts the delivering thread.
    func start() {
        lock.lock()
        running = true
        lock.unlock()
        let thread = Thread { [self] in loop() }
        thread.name = "reel-webhooks"
        thread.start()
    }

    /// A job ended: deliver now rather than at the next look.
    func wake() {
        lock.lock()
        lock.broadcast()
        lock.unlock()
    }

    /// Stops after the attempt under way.
    func stop() {
        lock.lock()
        stopping = true
        lock.broadcast()
        while running { _ = lock.wait(until: Date(timeIntervalSinceNow: 0.05)) }
        lock.unlock()
    }

    /// The header that signs `body` at `time` (unix seconds).
    static func signature(secret: [UInt8], body: [UInt8], time: Int64) -> String {
        let signed = Array("\(time).".utf8) + body
        return "t=\(time),v1=\(Digest.hex(Digest.hmacSHA256(key: secret, message: signed)))"
    }

    /// Seconds to wait after failed attempt `attempt` (1-based).
    static func backoff(after attempt: Int) -> Double { min(pow(2, Double(attempt - 1)), maxBackoff) }

    private func loop() {
        while true {
            lock.lock()
            if stopping {
                running = false
                lock.broadcast()
                lock.unlock()
                return
            }
            lock.unlock()
            let due = (try? store.dueWebhooks(now: ServerClock.wallMilliseconds())) ?? []
            for webhook in due { deliver(webhook) }
            lock.lock()
            if !stopping && due.isEmpty { _ = lock.wait(until: Date(timeIntervalSinceNow: 0.25)) }
            lock.unlock()
        }
    }

    private func deliver(_ webhook: PendingWebhook) {
        guard let job = try? store.job(webhook.jobID), let url = URL(string: webhook.url) else {
            let now = ServerClock.wallMilliseconds()
            try? store.recordDelivery(
                jobID: webhook.jobID, attempt: webhook.attempts + 1, at: now, status: nil, error: "not a URL", delivered: false, retryAt: nil)
            return
        }
        let body = Array(JSONWriter.line(JobJSON.value(job)).utf8)
        let now = ServerClock.wallMilliseconds()
        var request = URLRequest(url: url, timeoutInterval: Self.timeout)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Reel", forHTTPHeaderField: "User-Agent")
        request.setValue(Self.signature(secret: secret, body: body, time: now / 1000), forHTTPHeaderField: "Reel-Signature")
        let (status, failure) = Self.post(request)
        let attempt = webhook.attempts + 1
        let delivered = status.map { (200..<300).contains($0) } ?? false
        let retryAt = delivered || attempt >= Self.maxAttempts ? nil : now + Int64(Self.backoff(after: attempt) * 1000)
        try? store.recordDelivery(
            jobID: webhook.jobID, attempt: attempt, at: now, status: status, error: failure, delivered: delivered, retryAt: retryAt)
    }

    /// One POST; its status, or why there was none. Redirects are not followed: a webhook's URL
    /// is the one the request named.
    private static func post(_ request: URLRequest) -> (Int?, String?) {
        final class Outcome: @unchecked Sendable {
            var status: Int?
            var error: String?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
        session.dataTask(with: request) { _, response, error in
            outcome.status = (response as? HTTPURLResponse)?.statusCode
            outcome.error = error.map { $0.localizedDescription }
            done.signal()
        }.resume()
        if done.wait(timeout: .now() + timeout + 5) == .timedOut { outcome.error = "no answer in \(Int(timeout)) s" }
        session.finishTasksAndInvalidate()
        return (outcome.status, outcome.status == nil ? (outcome.error ?? "no answer") : nil)
    }
}

/// Keeps a webhook at the URL it was given.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
