import CMHD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One listening HTTP/1.1 server over libmicrohttpd: a thread per connection, so a handler may block
/// (render, wait on a job) without holding up other clients; IPv4 and IPv6 literal addresses; port 0
/// picks a free port. The library logs nothing: every problem a client causes is its answer.
package final class HTTPServer: Sendable {
    /// The port actually bound, useful with port 0.
    package let port: Int
    /// The host as given ("127.0.0.1", "::1").
    package let host: String
    /// What the library's callbacks reach; lives as long as the server, which stops the daemon first.
    private let context: ServerContext
    /// The running daemon (nil once stopped) and, once quiesced, the listening socket it gave back.
    private let daemon = Mutex<(daemon: OpaquePointer?, quiescedSocket: Int32)>((nil, -1))

    /// Starts listening at once; throws when the address cannot be bound.
    package init(host: String, port: Int, limits: HTTPServerLimits = HTTPServerLimits(), handler: any HTTPHandler) throws(HTTPServerError) {
        let socket = try ListeningSocket.open(host: host, port: port)
        self.host = host
        self.port = socket.port
        context = ServerContext(handler: handler, limits: limits)
        var flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
        // poll rather than select: a descriptor past 1024 (a busy process) would be refused by select;
        // the inter-thread channel is what lets `quiesce` wake the listening thread.
        flags |= MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
        if socket.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let cls = Unmanaged.passUnretained(context).toOpaque()
        let options: [CVarArg] = [
            MHD_OPTION.LISTEN_SOCKET.rawValue, socket.descriptor,
            MHD_OPTION.CONNECTION_LIMIT.rawValue, UInt32(clamping: max(1, limits.maxConnections)),
            MHD_OPTION.CONNECTION_TIMEOUT.rawValue, UInt32(clamping: max(0, limits.connectionTimeoutSeconds)),
            MHD_OPTION.PER_IP_CONNECTION_LIMIT.rawValue, UInt32(clamping: max(1, limits.perAddressConnections)),
            // The connection's memory holds the head and the reply's head; the head's own limit is checked
            // exactly on the first call, so this only has to let a head at that limit in.
            MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue, max(32768, max(0, limits.maxHeaderBytes) + 16384),
            MHD_OPTION.NOTIFY_COMPLETED.rawValue, unsafeBitCast(DaemonCallbacks.completed, to: OpaquePointer.self), OpaquePointer(cls),
            MHD_OPTION.NOTIFY_CONNECTION.rawValue, unsafeBitCast(DaemonCallbacks.connection, to: OpaquePointer.self), OpaquePointer(cls),
            MHD_OPTION.END.rawValue,
        ]
        let started = withVaList(options) {
            MHD_start_daemon_va(flags, 0, DaemonCallbacks.acceptPolicy, cls, DaemonCallbacks.access, cls, $0)
        }
        guard let started else {
            // The library closes the socket on most of its failures; closing it again could close another
            // thread's new descriptor, so one failing start may leak it instead.
            throw HTTPServerError(
                address: ListeningSocket.display(host: host, port: socket.port), reason: "the HTTP library could not start the server")
        }
        daemon.withLock { $0.daemon = started }
    }

    deinit { stop() }

    /// Stops accepting, closes open connections once their current request is answered (a handler
    /// still running is waited for), frees the daemon and the port. Idempotent; never call it from a
    /// handler, whose own thread it would wait for.
    package func stop() {
        // Taken out under the lock but stopped outside it, so a second `stop` returns at once; the pointer
        // leaves the lock as its address, since a C pointer is not Sendable.
        let (address, socket) = daemon.withLock { state -> (Int, Int32) in
            defer { state = (nil, -1) }
            return (state.daemon.map { Int(bitPattern: $0) } ?? 0, state.quiescedSocket)
        }
        guard let running = OpaquePointer(bitPattern: address) else { return }
        MHD_stop_daemon(running)
        if socket >= 0 { close(socket) }
    }

    /// Stops accepting new connections (they are refused) but keeps serving open ones: for a drain
    /// before `stop`. The port stays taken until `stop`.
    package func quiesce() {
        daemon.withLock { state in
            guard let running = state.daemon, state.quiescedSocket < 0 else { return }
            let socket = MHD_quiesce_daemon(running)
            guard socket >= 0 else { return }
            // The library no longer accepts on it; shutting it down makes the system refuse new clients too.
            _ = shutdown(socket, Int32(SHUT_RDWR))
            state.quiescedSocket = socket
        }
    }
}
