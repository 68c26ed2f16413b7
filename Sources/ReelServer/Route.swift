/// One route of the API: a method and a path pattern whose `{name}` segments capture values.
///
/// Metrics and logs name a request by its route's pattern, never by its path, so ids do not
/// multiply the series.
struct Route: Sendable {
    let method: String
    let pattern: String
    private let segments: [Substring]

    init(_ method: String, _ pattern: String) {
        self.method = method
        self.pattern = pattern
        segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
    }

    /// `GET /v1/renders`: names the route among those sharing a pattern.
    var name: String { "\(method) \(pattern)" }

    /// The captured values when `path` fits the pattern; nil otherwise.
    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var captured: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                guard !part.isEmpty else { return nil }
                captured[String(segment.dropFirst().dropLast())] = String(part)
            } else if part != segment {
                return nil
            }
        }
        return captured
    }
}
