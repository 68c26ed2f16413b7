import CMHD

/// A request's head read from libmicrohttpd: its header fields and query in order, with the
/// request id chosen and the head's size measured against the limit.
enum RequestHead {
    /// The head of the request on `connection`, body `.empty`. `path` and `method` come as the access
    /// handler received them (the path already percent-decoded by the library).
    static func read(_ connection: OpaquePointer, path: String, method: String, remoteAddress: String) -> (request: HTTPRequest, bytes: Int) {
        let headerPairs = pairs(connection, MHD_ValueKind.HEADER_KIND)
        let query = pairs(connection, MHD_ValueKind.GET_ARGUMENT_KIND)
        var headers: [String: String] = [:]
        for (name, value) in headerPairs {
            let key = name.lowercased()
            if let earlier = headers[key] { headers[key] = earlier + ", " + value } else { headers[key] = value }
        }
        var request = HTTPRequest(method: method, path: path, query: query, headers: headers, remoteAddress: remoteAddress)
        request.id = RequestID.choose(headers["x-request-id"])
        // Roughly the bytes sent: "METHOD path?query HTTP/1.1\r\n" and "Name: value\r\n" per field.
        var bytes = method.utf8.count + path.utf8.count + 12
        for (name, value) in query { bytes += name.utf8.count + value.utf8.count + 2 }
        for (name, value) in headerPairs { bytes += name.utf8.count + value.utf8.count + 4 }
        return (request, bytes)
    }

    /// The body's declared length, when there is one MHD honours (Content-Length without Transfer-Encoding).
    static func declaredLength(_ request: HTTPRequest) -> Int64? {
        guard request.headers["transfer-encoding"] == nil, let text = request.headers["content-length"] else { return nil }
        return Int64(text.trimmingWhitespace)
    }

    /// Collects what the iterator is given; reached through the iterator's `cls` pointer.
    private final class Collector {
        var pairs: [(name: String, value: String)] = []
    }

    private static func pairs(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
        let collector = Collector()
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values_n(connection, kind, collect, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.pairs
    }

    /// Bytes as text, never failing: a byte that is not UTF-8 becomes U+FFFD.
    private static func text(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String {
        guard let pointer, count > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private static let collect: MHD_KeyValueIteratorN = { cls, _, key, keySize, value, valueSize in
        guard let cls else { return .NO }
        let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
        collector.pairs.append((text(key, keySize), text(value, valueSize)))
        return .YES
    }
}
