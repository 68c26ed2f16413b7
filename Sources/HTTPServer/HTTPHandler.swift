/// What a server serves: the one object that sees every request, on the connection's own thread.
///
/// Called from several threads at once (thread per connection), hence `Sendable`.
package protocol HTTPHandler: Sendable {
    /// Decides from the head where the body goes. Called once per request, before any body byte is read.
    func bodyPlan(for head: HTTPRequest) -> BodyPlan
    /// Answers a request whose body was received in full. Called on a server thread; may block (it runs
    /// on the connection's own thread), must not throw.
    func respond(to request: HTTPRequest) -> HTTPResponse
}

/// Where a request's body goes, decided from its head alone (method, path, headers), so that an
/// upload is bounded before its first byte is read and a refused one is never read at all.
package enum BodyPlan: Sendable {
    /// Kept in memory up to `limit` bytes; more is answered 413 (JSON error) without calling respond.
    case memory(limit: Int)
    /// Written to `path` (created exclusively, mode 0600; an existing file is a 500 and is left alone) up to
    /// `limit` bytes; more is 413 and the file removed. If the client disconnects mid-body, the file is
    /// removed and respond is not called.
    case file(path: String, limit: Int64)
    /// Answered at once with this response, the body (if any) discarded and the connection then closed.
    case refuse(HTTPResponse)
}
