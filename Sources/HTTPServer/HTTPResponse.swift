import DocumentJSON
import FileAccess

/// A response as a handler gives it: status, header fields and a body from memory or from a file.
///
/// The server adds Content-Length, Date and X-Request-Id itself; a status outside 200...599 is sent
/// as 500, since anything else would break the exchange for the client.
package struct HTTPResponse: Sendable {
    /// The status code; see the type's note on the range actually sent.
    package var status: Int
    /// Header fields in the order sent. Content-Length and Transfer-Encoding are the server's and are
    /// dropped, as is a field whose name is not a token or whose value holds a line break.
    package var headers: [(name: String, value: String)]
    /// What follows the head.
    package var body: Body
    /// The file `HTTPResponse.file` opened, kept open so the bytes sent are the bytes it measured
    /// even if the path is replaced meanwhile; used only while `body` still names that file.
    var openedFile: ReadableFile?

    /// Where a response's bytes come from.
    package enum Body: Sendable {
        /// Bytes in memory, copied when sent.
        case bytes([UInt8])
        /// `length` bytes of the file at `path` from `offset`, sent straight from the file (sendfile);
        /// opened as a regular file only, and a part beyond the file's end is answered 500.
        case file(path: String, offset: Int64, length: Int64)
        /// Bytes made while they are sent, in chunks (see `HTTPBodyStream`).
        case stream(any HTTPBodyStream)
    }

    /// A response with no header field and an empty body unless given.
    package init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body sent as is, with `Content-Type: application/json; charset=utf-8`.
    package static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: .bytes(Array(text.utf8)))
    }

    /// `{"error":{"code":code,"message":message}}` with `status`: the one shape of every error the server
    /// or its handlers answer, so clients branch on `code` and show `message`.
    package static func error(_ status: Int, code: String, message: String) -> HTTPResponse {
        json(status, "{\"error\":{\"code\":\(JSONWriter.quoted(code)),\"message\":\(JSONWriter.quoted(message))}}")
    }
}
