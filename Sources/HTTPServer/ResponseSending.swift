import CMHD
import FileAccess

#if canImport(Glibc)
    import Glibc
#endif

/// Turning an `HTTPResponse` into libmicrohttpd's response and queueing it on a connection.
enum ResponseSending {
    /// Queues `response` on `connection` with `requestID` echoed; false when the library refuses it
    /// (the access handler then returns MHD_NO and the connection is closed).
    static func queue(_ response: HTTPResponse, requestID: String, on connection: OpaquePointer) -> Bool {
        var response = response
        if !(200...599).contains(response.status) {
            response = .error(500, code: "internal_error", message: "the server made a response with an invalid status")
        }
        guard let made = make(&response) else { return false }
        defer { MHD_destroy_response(made) }
        var echoed = false
        for (name, value) in response.headers {
            let lower = name.lowercased()
            if lower == "content-length" || lower == "transfer-encoding" || !isToken(name) { continue }
            if lower == "x-request-id" { echoed = true }
            // The library refuses a name or value holding a line break (no header injection); that field is dropped.
            _ = MHD_add_response_header(made, name, value)
        }
        if !echoed { _ = MHD_add_response_header(made, "X-Request-Id", requestID) }
        return MHD_queue_response(connection, UInt32(response.status), made) == .YES
    }

    /// Whether `name` can be a field name (an RFC 9110 token): anything else would corrupt the head.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }

    /// The library's response for `response`'s body; when its file cannot be sent, `response` becomes the error answered instead.
    private static func make(_ response: inout HTTPResponse) -> OpaquePointer? {
        switch response.body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(
                    raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            return StreamCallbacks.response(stream)
        case .file(let path, let offset, let length):
            let file: ReadableFile
            if let opened = response.openedFile, opened.path == path {
                file = opened
            } else {
                do {
                    file = try ReadableFile(path: path, operation: "serving")
                } catch {
                    response = .unservable(error)
                    return make(&response)
                }
            }
            guard offset >= 0, length >= 0, offset <= file.size, length <= file.size - offset else {
                response = .error(500, code: "internal_error", message: "the server asked to send bytes beyond the file's end")
                return make(&response)
            }
            // The library closes the descriptor it is given, so it gets its own.
            let fd = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
            guard fd >= 0 else {
                response = .error(500, code: "file_unreadable", message: "the file cannot be read")
                return make(&response)
            }
            guard let made = MHD_create_response_from_fd_at_offset64(UInt64(length), fd, UInt64(offset)) else {
                close(fd)
                return nil
            }
            return made
        }
    }
}
