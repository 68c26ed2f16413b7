import FileAccess

#if canImport(Glibc)
    import Glibc
#endif

/// One request between its head and its completion: where its body goes and how much came.
///
/// Reached through libmicrohttpd's `con_cls` pointer, created on the first call for the request and
/// released in the completion callback, and touched only by the connection's own thread.
final class RequestState {
    /// The head; its body is filled in just before `respond(to:)`.
    var request: HTTPRequest
    /// Where the body bytes go.
    private var sink: Sink = .memory(limit: 0, bytes: [])
    /// Set once the body went over its limit: the rest is discarded and the answer is 413.
    private var overLimit = false
    /// Set when the body could not be stored: the rest is discarded and this is the answer.
    private var failure: HTTPResponse?
    /// Bytes discarded after an overflow or failure; past `discardAllowance` the connection is closed.
    private var discarded: Int64 = 0
    /// After a failure to store the body: what the plan's limit still allowed, read and dropped.
    private var failureAllowance: Int64 = 0
    /// The file this request created, to remove unless it was handed to `respond(to:)`.
    private var createdFile: String?
    /// Whether `respond(to:)` was called: the body is then the handler's.
    private var delivered = false

    /// Bytes of a too-large body (sent chunked, so its size was unknown) read and dropped so that the
    /// client still gets its 413; a client that sends more than this is disconnected instead.
    static let discardAllowance: Int64 = 1 << 20

    private enum Sink {
        case memory(limit: Int, bytes: [UInt8])
        case file(path: String, limit: Int64, descriptor: Int32, written: Int64)
    }

    init(request: HTTPRequest) { self.request = request }

    /// Asks the handler for the body's plan and prepares it; a response when the request is answered at
    /// once (refused, declared too large, or its file cannot be created), before any body byte is read.
    func begin(handler: any HTTPHandler, declaredLength: Int64?) -> HTTPResponse? {
        switch handler.bodyPlan(for: request) {
        case .refuse(let response):
            return response
        case .memory(let limit):
            if let declaredLength, declaredLength > Int64(max(0, limit)) { return Self.tooLarge(limit: Int64(max(0, limit))) }
            sink = .memory(limit: max(0, limit), bytes: [])
        case .file(let path, let limit):
            if let declaredLength, declaredLength > max(0, limit) { return Self.tooLarge(limit: max(0, limit)) }
            // Created exclusively and never through a link: the path is the handler's choice, but a
            // file already there (or planted) is refused rather than overwritten.
            let fd =
                PathBytes.holdsNUL(path) ? -1 : PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
            guard fd >= 0 else { return .error(500, code: "upload_not_stored", message: "the request body cannot be stored") }
            createdFile = path
            sink = .file(path: path, limit: max(0, limit), descriptor: fd, written: 0)
        }
        return nil
    }

    /// Takes the next body bytes; false when the connection should be closed (too much to discard).
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if overLimit || failure != nil { return discard(bytes.count) }
        switch sink {
        case .memory(let limit, var kept):
            guard kept.count + bytes.count <= limit else {
                sink = .memory(limit: limit, bytes: [])
                overLimit = true
                return discard(bytes.count)
            }
            sink = .memory(limit: limit, bytes: [])  // so `kept` is the only reference and appends in place
            kept.append(contentsOf: bytes)
            sink = .memory(limit: limit, bytes: kept)
        case .file(let path, let limit, let fd, let written):
            guard written + Int64(bytes.count) <= limit else {
                removeFile()
                overLimit = true
                return discard(bytes.count)
            }
            guard Self.writeAll(fd, bytes) else {
                let code = errno
                removeFile()
                // A full disk is said as such (507), and the rest of the body, which the plan's
                // limit allowed anyway, is read and dropped so the client hears the answer.
                failure =
                    code == ENOSPC || code == EDQUOT
                    ? .error(507, code: "storage_full", message: "the server's disk is full; the upload was not kept")
                    : .error(500, code: "upload_not_stored", message: "the request body cannot be stored")
                failureAllowance = limit - written
                return discard(bytes.count)
            }
            sink = .file(path: path, limit: limit, descriptor: fd, written: written + Int64(bytes.count))
        }
        return true
    }

    /// The answer once the whole body came: 413 or a storage failure, or the handler's response.
    func finish(handler: any HTTPHandler) -> HTTPResponse {
        if overLimit {
            switch sink {
            case .memory(let limit, _): return Self.tooLarge(limit: Int64(limit))
            case .file(_, let limit, _, _): return Self.tooLarge(limit: limit)
            }
        }
        if let failure { return failure }
        switch sink {
        case .memory(_, let bytes):
            request.body = bytes.isEmpty ? .empty : .bytes(bytes)
        case .file(let path, _, let fd, let written):
            if fd >= 0 { close(fd) }
            sink = .file(path: path, limit: 0, descriptor: -1, written: written)
            request.body = .file(path: path, size: written)
        }
        delivered = true
        return handler.respond(to: request)
    }

    /// The request is over (answered, or the client went away): an undelivered body file is removed.
    func end() {
        if case .file(_, _, let fd, _) = sink, fd >= 0 { close(fd) }
        if !delivered { removeFile() }
    }

    private func discard(_ count: Int) -> Bool {
        discarded += Int64(count)
        return discarded <= max(Self.discardAllowance, failureAllowance)
    }

    private func removeFile() {
        if case .file(let path, let limit, let fd, _) = sink, fd >= 0 {
            close(fd)
            sink = .file(path: path, limit: limit, descriptor: -1, written: 0)
        }
        if let path = createdFile {
            _ = PathBytes.withCString(path) { unlink($0) }
            createdFile = nil
        }
    }

    private static func tooLarge(limit: Int64) -> HTTPResponse {
        .error(413, code: "body_too_large", message: "the request body is larger than \(limit) bytes")
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var done = 0
        while done < bytes.count {
            let n = write(fd, base + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }
}
