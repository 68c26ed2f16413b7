#if canImport(Glibc)
    import Glibc
#endif

/// Reading the socket addresses the system hands back (`getsockname`, accepted clients).
enum SocketAddress {
    /// The IP address as text ("127.0.0.1", "::1"); an IPv4 client of a dual-stack socket
    /// ("::ffff:127.0.0.1") reads as the IPv4 address it is. "" when the family is neither.
    static func text(_ address: UnsafePointer<sockaddr>) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var a = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &a, &buffer, socklen_t(buffer.count)) != nil else { return "" }
        case AF_INET6:
            var a = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &a, &buffer, socklen_t(buffer.count)) != nil else { return "" }
        default:
            return ""
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let mapped = "::ffff:"
        if text.hasPrefix(mapped), text.dropFirst(mapped.count).contains(".") { return String(text.dropFirst(mapped.count)) }
        return text
    }

    /// The port of an IPv4 or IPv6 address, nil for any other family.
    static func port(of storage: sockaddr_storage) -> Int? {
        var storage = storage
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer -> Int? in
            switch family {
            case AF_INET: return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: return nil
            }
        }
    }
}
