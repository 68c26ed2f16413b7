#if canImport(Glibc)
    import Glibc
#endif

/// The server's listening socket, made here rather than by libmicrohttpd so that a failure to bind
/// has its real reason ("the port is in use") and the bound port is known without asking the library.
struct ListeningSocket {
    /// The listening descriptor, non-blocking and close-on-exec; libmicrohttpd closes it on stop.
    let descriptor: Int32
    /// The port bound: the one asked for, or the one the system picked for port 0.
    let port: Int
    /// Whether it is an IPv6 socket (libmicrohttpd is told, for the addresses it accepts).
    let isIPv6: Bool

    /// `host` without the brackets an IPv6 literal may come in ("[::1]" → "::1").
    static func bareHost(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") && host.count >= 2 ? String(host.dropFirst().dropLast()) : host
    }

    /// How an address reads in messages: "127.0.0.1:8910", "[::1]:8910".
    static func display(host: String, port: Int) -> String {
        let bare = bareHost(host)
        return bare.contains(":") ? "[\(bare)]:\(port)" : "\(bare):\(port)"
    }

    /// Binds `host` (an IPv4 or IPv6 literal; no name is looked up) and `port` (0 picks a free one), and listens.
    static func open(host: String, port: Int) throws(HTTPServerError) -> ListeningSocket {
        let address = display(host: host, port: port)
        guard (0...65535).contains(port) else { throw HTTPServerError(address: address, reason: "not a port (0 to 65535)") }
        let bare = bareHost(host)
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let isIPv6: Bool
        if inet_pton(AF_INET, bare, &v4.sin_addr) == 1 {
            isIPv6 = false
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, bare, &v6.sin6_addr) == 1 {
            isIPv6 = true
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw HTTPServerError(address: address, reason: "not an IP address (a name is not looked up)")
        }
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError(address: address, reason: reason(errno)) }
        var one: Int32 = 1
        // A restarted server can take its port back while old connections linger in TIME_WAIT.
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if isIPv6 {
            // The unspecified address "::" serves IPv4 clients too (dual stack); others are IPv6 only anyway.
            var v6Only: Int32 = bare == "::" ? 0 : 1
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &v6Only, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound =
            isIPv6
            ? withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
            : withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        if bound != 0 || listen(fd, SOMAXCONN) != 0 {
            let code = errno
            close(fd)
            throw HTTPServerError(address: address, reason: reason(code))
        }
        return ListeningSocket(descriptor: fd, port: boundPort(fd) ?? port, isIPv6: isIPv6)
    }

    /// The port `fd` is bound to, from `getsockname`.
    private static func boundPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        guard ok == 0 else { return nil }
        return SocketAddress.port(of: storage)
    }

    /// A failed socket call in words.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case EADDRINUSE: return "the port is in use"
        case EADDRNOTAVAIL: return "the address is not one of this machine's"
        case EACCES: return "not allowed to listen on this port (ports below 1024 need privileges)"
        case EAFNOSUPPORT: return "this machine does not support the address's family"
        default: return String(cString: strerror(code))
        }
    }
}
