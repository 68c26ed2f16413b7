import FileAccess

extension HTTPResponse {
    /// A file with HTTP Range support (RFC 9110): no Range → 200 whole file; `bytes=a-b`, `bytes=a-`, `bytes=-n`
    /// (one range) → 206 with Content-Range; unsatisfiable → 416 with `Content-Range: bytes */size`;
    /// multiple ranges → 200 whole file (allowed by the RFC). Always `Accept-Ranges: bytes`, Content-Type given.
    /// The file is opened as a regular file only (FileAccess's read rules); a missing file → 404 error JSON.
    package static func file(path: String, contentType: String, range: String?) -> HTTPResponse {
        let file: ReadableFile
        do {
            file = try ReadableFile(path: path, operation: "serving")
        } catch {
            return unservable(error)
        }
        let size = file.size
        var response: HTTPResponse
        switch ByteRange.of(range, size: size) {
        case .whole:
            response = HTTPResponse(status: 200, headers: [("Content-Type", contentType)], body: .file(path: path, offset: 0, length: size))
        case .part(let offset, let length):
            response = HTTPResponse(
                status: 206,
                headers: [("Content-Type", contentType), ("Content-Range", "bytes \(offset)-\(offset + length - 1)/\(size)")],
                body: .file(path: path, offset: offset, length: length))
        case .unsatisfiable:
            response = .error(416, code: "range_not_satisfiable", message: "the range asks for no byte of a file of \(size) bytes")
            response.headers.append(("Content-Range", "bytes */\(size)"))
            response.headers.append(("Accept-Ranges", "bytes"))
            return response
        }
        response.headers.append(("Accept-Ranges", "bytes"))
        response.openedFile = file
        return response
    }

    /// The error answer for a file that cannot be served; it never names the path, which is the server's business.
    static func unservable(_ error: FileAccessError) -> HTTPResponse {
        switch error.kind {
        case .notFound, .notRegularFile, .escapesFolder: return .error(404, code: "not_found", message: "no such file")
        default: return .error(500, code: "file_unreadable", message: "the file cannot be read")
        }
    }
}
