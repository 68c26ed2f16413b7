/// A job's webhook: due from the moment the job ends (done or failed), delivered with retries, and
/// every attempt recorded, so a program can see why a call did not arrive.
extension JobStore {
    /// Webhooks due at `now` (milliseconds since 1970): not delivered, not given up, their next
    /// attempt at or before now; oldest due first.
    package func dueWebhooks(now: Int64, limit: Int = 16) throws(JobStoreError) -> [PendingWebhook] {
        try locked { (connection) throws(JobStoreError) in
            try connection.query(
                "SELECT job_id, url, attempts FROM webhooks WHERE delivered_at IS NULL AND gave_up = 0 AND next_at <= ? ORDER BY next_at LIMIT ?",
                [.integer(now), .integer(Int64(limit))], "reading due webhooks"
            ) { (row) throws(JobStoreError) in
                PendingWebhook(jobID: row.text(0), url: row.text(1), attempts: Int(row.integer(2)))
            }
        }
    }

    /// Records attempt `attempt` of job `jobID`'s webhook: its HTTP status or error, and whether
    /// it was delivered; else when to try again (`retryAt`), or nil to give up.
    package func recordDelivery(
        jobID: String, attempt: Int, at: Int64, status: Int?, error: String?, delivered: Bool, retryAt: Int64?
    ) throws(JobStoreError) {
        let operation = "recording a webhook delivery"
        try locked { (connection) throws(JobStoreError) in
            try connection.transaction(operation) { () throws(JobStoreError) in
                _ = try connection.run(
                    "INSERT OR REPLACE INTO webhook_deliveries (job_id, attempt, at, status, error) VALUES (?, ?, ?, ?, ?)",
                    [.text(jobID), .integer(Int64(attempt)), .integer(at), .integer(status.map(Int64.init)), .text(error)], operation)
                _ = try connection.run(
                    "UPDATE webhooks SET attempts = ?, delivered_at = ?, gave_up = ?, next_at = ? WHERE job_id = ?",
                    [
                        .integer(Int64(attempt)), .integer(delivered ? at : nil), .integer(!delivered && retryAt == nil ? 1 : 0),
                        .integer(retryAt ?? at), .text(jobID),
                    ], operation)
            }
        }
    }

    /// Job `jobID`'s webhook and its attempts; nil when the job has none (yet).
    package func webhook(of jobID: String) throws(JobStoreError) -> WebhookRecord? {
        try locked { (connection) throws(JobStoreError) in
            guard
                var record = try connection.query(
                    "SELECT url, attempts, delivered_at, gave_up, next_at FROM webhooks WHERE job_id = ?", [.text(jobID)], "reading a webhook"
                ) { (row) throws(JobStoreError) in
                    WebhookRecord(
                        url: row.text(0), attempts: Int(row.integer(1)), deliveredAt: row.optionalInteger(2), gaveUp: row.integer(3) != 0,
                        nextAt: row.integer(4), deliveries: [])
                }.first
            else { return nil }
            record.deliveries = try connection.query(
                "SELECT attempt, at, status, error FROM webhook_deliveries WHERE job_id = ? ORDER BY attempt", [.text(jobID)],
                "reading webhook deliveries"
            ) { (row) throws(JobStoreError) in
                WebhookDelivery(
                    attempt: Int(row.integer(0)), at: row.integer(1), status: row.optionalInteger(2).map(Int.init), error: row.optionalText(3))
            }
            return record
        }
    }
}

/// A webhook due for delivery.
package struct PendingWebhook: Sendable, Equatable {
    /// The job whose JSON is sent.
    package var jobID: String
    /// Where it is POSTed.
    package var url: String
    /// Attempts made so far; the next is `attempts + 1`.
    package var attempts: Int
}

/// A job's webhook as the store keeps it.
package struct WebhookRecord: Sendable, Equatable {
    /// Where it is POSTed.
    package var url: String
    /// Attempts made so far.
    package var attempts: Int
    /// When a 2xx answer was received (ms since 1970); nil until then.
    package var deliveredAt: Int64?
    /// True once the retries ran out.
    package var gaveUp: Bool
    /// When the next attempt is due (ms since 1970), while neither delivered nor given up.
    package var nextAt: Int64
    /// Every attempt, in order.
    package var deliveries: [WebhookDelivery]
}

/// One attempt to deliver a webhook.
package struct WebhookDelivery: Sendable, Equatable {
    /// 1 for the first attempt.
    package var attempt: Int
    /// When it was made (ms since 1970).
    package var at: Int64
    /// The HTTP status answered; nil when no answer came.
    package var status: Int?
    /// Why no answer came (a refused connection, a timeout).
    package var error: String?
}
