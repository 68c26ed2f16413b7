/// Why a server could not start, naming the address it was asked to listen on.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The address as host and port ("127.0.0.1:8910", "[::1]:8910").
    package var address: String
    /// In words, for people: "the port is in use", "not an IP address", ...
    package var reason: String

    /// Both parts are words for people; no C error code appears in either.
    package init(address: String, reason: String) {
        self.address = address
        self.reason = reason
    }

    package var description: String { "\(address): \(reason)" }
}
