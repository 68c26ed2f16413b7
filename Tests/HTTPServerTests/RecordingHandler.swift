import Foundation
import HTTPServer

/// The handler the tests serve: routes by path, and records every request `respond` received.
///
/// - `/echo/...`: the request's head as JSON;
/// - `/memory`: body in memory up to 1000 bytes, answered with the bytes back;
/// - `/upload?to=PATH&limit=N`: body to the file PATH, answered with its size;
/// - `/refuse`: refused with 403 before the body;
/// - `/file?name=N`: a file of the test folder with Range support;
/// - `/part?name=N&offset=A&length=B`: bytes of a file as the handler names them, with bad header fields;
/// - `/status?code=N`: a response with that status;
/// - `/slow`: answers after 200 ms, counting how many run at once.
final class RecordingHandler: HTTPHandler, @unchecked Sendable {
    let folder: String
    private let lock = NSLock()
    private var received: [HTTPRequest] = []
    private var running = 0
    private var mostRunning = 0

    init(folder: String) { self.folder = folder }

    /// Every request `respond` was called with, in order.
    var requests: [HTTPRequest] { lock.withLock { received } }
    /// The most `/slow` requests that ran at once.
    var peakConcurrency: Int { lock.withLock { mostRunning } }

    func bodyPlan(for head: HTTPRequest) -> BodyPlan {
        switch head.path {
        case "/memory": return .memory(limit: 1000)
        case "/upload": return .file(path: head.queryValue("to") ?? "", limit: Int64(head.queryValue("limit") ?? "") ?? 10_000_000)
        case "/refuse": return .refuse(.error(403, code: "refused", message: "not here"))
        default: return .memory(limit: 0)
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        lock.withLock { received.append(request) }
        switch request.path {
        case "/memory":
            guard case .bytes(let bytes) = request.body else { return .json(200, "{\"empty\":true}") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: .bytes(bytes))
        case "/upload":
            guard case .file(_, let size) = request.body else { return .error(500, code: "no_file", message: "") }
            return .json(200, "{\"size\":\(size)}")
        case "/file":
            return .file(path: folder + "/" + (request.queryValue("name") ?? ""), contentType: "video/mp4", range: request.header("Range"))
        case "/part":
            let offset = Int64(request.queryValue("offset") ?? "") ?? 0
            let length = Int64(request.queryValue("length") ?? "") ?? 0
            return HTTPResponse(
                status: 206, headers: [("X-Bad:Name", "x"), ("X-Split", "a\r\nX-Injected: b"), ("Content-Length", "1")],
                body: .file(path: folder + "/" + (request.queryValue("name") ?? ""), offset: offset, length: length))
        case "/status":
            return HTTPResponse(status: Int(request.queryValue("code") ?? "") ?? 0, body: .bytes(Array("status".utf8)))
        case "/slow":
            lock.withLock {
                running += 1
                mostRunning = max(mostRunning, running)
            }
            usleep(200_000)
            lock.withLock { running -= 1 }
            return .json(200, "{}")
        default:
            let head: [String: Any] = [
                "method": request.method, "path": request.path, "query": request.query.map { [$0.name, $0.value] },
                "custom": request.header("X-CUSTOM") ?? NSNull(), "remote": request.remoteAddress, "id": request.id,
                "x": request.queryValue("x") ?? NSNull(),
            ]
            let data = (try? JSONSerialization.data(withJSONObject: head)) ?? Data()
            return .json(200, String(decoding: data, as: UTF8.self))
        }
    }
}

/// A server on 127.0.0.1, port 0, serving a `RecordingHandler` over a fresh folder.
struct TestServer {
    let folder: TestFolder
    let handler: RecordingHandler
    let server: HTTPServer

    init(limits: HTTPServerLimits = HTTPServerLimits()) throws {
        folder = try TestFolder()
        handler = RecordingHandler(folder: folder.root)
        server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits, handler: handler)
    }

    /// The URL of `pathAndQuery` on this server.
    func url(_ pathAndQuery: String) -> String { "http://127.0.0.1:\(server.port)\(pathAndQuery)" }
}
