/// Where a job is in its life: `queued` until a runner claims it, `running` while it renders, then
/// one of the final states, which no call changes again. The raw values are what the database and
/// the API store.
package enum JobState: String, Sendable, CaseIterable, Codable {
    /// Waiting, taken by a runner, then one of three ends: rendered, failed, or cancelled by a client.
    case queued, running, done, failed, cancelled

    /// Whether the job has ended for good (done, failed or cancelled): cancelling or requeueing it
    /// then changes nothing.
    package var isFinal: Bool {
        switch self {
        case .queued, .running: return false
        case .done, .failed, .cancelled: return true
        }
    }
}
