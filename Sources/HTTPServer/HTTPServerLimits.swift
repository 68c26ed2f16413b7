/// The bounds one server puts on its clients, so that neither many connections nor slow or large
/// ones can exhaust threads or memory.
package struct HTTPServerLimits: Sendable {
    /// Connections open at once (each has its own thread); more are accepted and closed at once.
    package var maxConnections: Int = 64
    /// Seconds a connection may stay idle, sending or receiving nothing, before it is closed (slow clients
    /// are dropped); 0 never closes one. A handler still working does not count as idle.
    package var connectionTimeoutSeconds: Int = 30
    /// Bytes of request line and header fields together; a larger head is answered 431 (or the
    /// connection closed, when it does not even fit the connection's buffer).
    package var maxHeaderBytes: Int = 16384
    /// Connections open at once from one IP address, so one client cannot take every thread.
    package var perAddressConnections: Int = 32

    /// The defaults: enough for a local render API and its browser page.
    package init() {}
}
