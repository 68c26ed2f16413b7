/// One job as the database holds it: what was asked, by whom, and how far it got. The JSON fields
/// are stored as the text their writer gave, never parsed here.
package struct JobRecord: Sendable, Equatable {
    /// "r_" and a 26-character ULID-like id: ordering ids orders jobs by creation.
    package var id: String
    /// What the job does ("render", later others): runners claim the kinds they know.
    package var kind: String
    /// Changed only by the store's transitions, each in one transaction.
    package var state: JobState
    /// The request's JSON text as accepted: the canonical text the server wrote.
    package var request: String
    /// Who submitted it (a token's name); nil when the server runs without tokens.
    package var owner: String?
    /// The client's key for safe retries, unique per owner.
    package var idempotencyKey: String?
    /// Milliseconds since 1970 (UTC), like every time of the record.
    package var createdAt: Int64
    /// When any field last changed, progress included.
    package var updatedAt: Int64
    /// When the current (or last) attempt began; nil while queued.
    package var startedAt: Int64?
    /// When the job reached a final state.
    package var finishedAt: Int64?
    /// How many times a runner claimed it: 1 on a first run, 2 after a crash and requeue.
    package var attempts: Int
    /// JSON text the runner writes while running (frames, percent, fps, eta).
    package var progress: String?
    /// JSON text on done (output name, summary, warnings).
    package var result: String?
    /// JSON text on failed: {"code", "message"}.
    package var error: String?

    /// Every field given: for stores, tests and servers that build a record to compare with.
    package init(
        id: String, kind: String, state: JobState, request: String, owner: String?, idempotencyKey: String?, createdAt: Int64,
        updatedAt: Int64, startedAt: Int64? = nil, finishedAt: Int64? = nil, attempts: Int = 0, progress: String? = nil,
        result: String? = nil, error: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.state = state
        self.request = request
        self.owner = owner
        self.idempotencyKey = idempotencyKey
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.attempts = attempts
        self.progress = progress
        self.result = result
        self.error = error
    }
}
