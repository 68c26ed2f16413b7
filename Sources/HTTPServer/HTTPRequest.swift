/// A request as a handler sees it: the head as sent, and, by the time `respond(to:)` runs, the
/// whole body where its `BodyPlan` put it.
///
/// Built by the server from libmicrohttpd's view of the request; tests and routers may build one
/// directly to exercise a handler without a socket.
package struct HTTPRequest: Sendable {
    /// The method as sent ("GET", "POST"); HTTP methods are case-sensitive, so it is not normalised.
    package var method: String
    /// The percent-decoded path without the query ("/v1/renders/r_01"); "%2F" decodes to "/" like any other byte.
    package var path: String
    /// The query's name-value pairs, percent-decoded ("+" is a space), in the order sent; a bare name has the value "".
    package var query: [(name: String, value: String)]
    /// Header fields by lower-cased name; a field sent several times is joined with ", " (RFC 9110 §5.3).
    package var headers: [String: String]
    /// `.empty` while `bodyPlan(for:)` decides; the received body when `respond(to:)` runs.
    package var body: HTTPBody
    /// The client's IP address ("127.0.0.1", "::1"); an IPv4 client of a dual-stack socket reads as IPv4.
    package var remoteAddress: String
    /// The client's X-Request-Id when sane (1 to 64 of `A-Z a-z 0-9 . _ -`), else a fresh random one;
    /// the server echoes it as X-Request-Id on the response, so logs on both sides meet.
    package var id: String
    /// Who the handler found the request to come from (a token's name), once it has checked;
    /// the server itself never sets it, as CGI's `REMOTE_USER` is the application's.
    package var user: String?

    /// Every part but the method and path defaults to empty, for requests built by tests.
    package init(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:],
        body: HTTPBody = .empty, remoteAddress: String = "", id: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.id = id
    }

    /// The header field `name` in any case, since field names are case-insensitive.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The first value of the query parameter `name` (names are case-sensitive).
    package func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// A request's body as `respond(to:)` receives it.
package enum HTTPBody: Sendable, Equatable {
    /// No body, or an empty one kept in memory.
    case empty
    /// The body kept in memory (`BodyPlan.memory`), never empty.
    case bytes([UInt8])
    /// Streamed to this file (a `BodyPlan.file`), `size` bytes, complete; the file is the handler's
    /// from then on (move it, or remove it when done), even when the body was empty.
    case file(path: String, size: Int64)
}
