import Foundation
import ReelTestSupport
import Testing

/// A `reel serve` child process on a free loopback port, spoken to with curl; every response is
/// recorded so the OpenAPI check can hold them to the document. Killed when released.
final class ServerProcess: @unchecked Sendable {
    let url: String
    let data: String
    private let process: Process
    private let lock = NSLock()
    private(set) var seen: [[String: Any]] = []

    /// The first line the server printed (`reel studio`'s holds its token).
    let firstLine: String

    /// Starts `reel serve` and waits (at most 30 s) for the line that says where it listens.
    convenience init(data: String, templates: [String], mediaRoots: [String] = [], jobs: Int = 1, extra: [String] = [], log: String? = nil) throws {
        try self.init(
            arguments: ["serve", "--data", data, "--listen", "127.0.0.1:0", "--jobs", "\(jobs)"] + (log == nil ? ["-q"] : [])
                + templates.flatMap { ["--templates", $0] }
                + mediaRoots.flatMap { ["--media-root", $0] } + extra, data: data, log: log)
    }

    /// Starts `reel` with `arguments` (`serve` or `studio`) and waits (at most 30 s) for its first
    /// line, which holds the address: `url` is its origin (`http://127.0.0.1:PORT`).
    init(arguments: [String], data: String, log: String? = nil) throws {
        self.data = data
        process = Process()
        process.executableURL = URL(fileURLWithPath: Reel.path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        if let log {
            FileManager.default.createFile(atPath: log, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: log)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let deadline = Date().addingTimeInterval(30)
        let fd = out.fileHandleForReading.fileDescriptor
        while !line.contains(UInt8(ascii: "\n")) && Date() < deadline && process.isRunning {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { line.append(byte) } else { break }
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://") else {
            process.terminate()
            throw ToolError(message: "reel \(arguments.first ?? "") did not start: '\(text)'")
        }
        firstLine = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = String(text[range.lowerBound...]).split(separator: " ")[0].trimmingCharacters(in: .whitespacesAndNewlines)
        url = address.components(separatedBy: "/?")[0]
    }

    deinit { kill9() }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Ends the server at once, as a crash would.
    func kill9() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// SIGTERM, then waits (at most `timeout` s) for the drain; the exit status.
    func terminate(timeout: Double = 60) -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { kill9() }
        return process.terminationStatus
    }

    /// A response: status, headers (names lower-cased) and body.
    struct Response {
        let status: Int
        let headers: [String: String]
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
    }

    /// One request with curl; `route` (the pattern) is recorded with the response for the
    /// OpenAPI check. `body` is sent as given; `file` is uploaded as the body.
    @discardableResult
    func request(
        _ method: String, _ path: String, route: String? = nil, json: String? = nil, body: String? = nil, file: String? = nil,
        headers: [String: String] = [:], contentType: String? = nil
    ) throws -> Response {
        let folder = TemporaryFolder("reel-curl")
        var args = ["-s", "-S", "--max-time", "120", "-X", method, "-D", folder.file("h"), "-o", folder.file("b")]
        for (k, v) in headers { args += ["-H", "\(k): \(v)"] }
        if let json {
            try json.write(toFile: folder.file("in"), atomically: true, encoding: .utf8)
            args += ["-H", "Content-Type: \(contentType ?? "application/json")", "--data-binary", "@" + folder.file("in")]
        } else if let body {
            try body.write(toFile: folder.file("in"), atomically: true, encoding: .utf8)
            args += ["-H", "Content-Type: \(contentType ?? "text/plain")", "--data-binary", "@" + folder.file("in")]
        } else if let file {
            args += ["-H", "Content-Type: application/octet-stream", "--data-binary", "@" + file]
        }
        args.append(url + path)
        let r = try Tools.run("curl", args, timeout: 150)
        guard r.status == 0 else { throw ToolError(message: "curl \(method) \(path): \(r.stderr)") }
        let headText = (try? String(contentsOfFile: folder.file("h"), encoding: .utf8)) ?? ""
        var status = 0
        var headerFields: [String: String] = [:]
        for line in headText.split(separator: "\r\n") {
            if line.hasPrefix("HTTP/") {
                status = Int(line.split(separator: " ")[1]) ?? 0
                headerFields = [:]
            } else if let colon = line.firstIndex(of: ":") {
                headerFields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: folder.file("b")))) ?? Data()
        let response = Response(status: status, headers: headerFields, body: data)
        if let route {
            var record: [String: Any] = ["method": method, "route": route, "status": status, "contentType": headerFields["content-type"] ?? ""]
            if (headerFields["content-type"] ?? "").hasPrefix("application/json") {
                record["body"] = (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()
            }
            lock.lock()
            seen.append(record)
            lock.unlock()
        }
        return response
    }

    /// Polls a render until it leaves queued and running (at most `timeout` s); its last JSON.
    func wait(for id: String, timeout: Double = 120) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let job = try request("GET", "/v1/renders/\(id)", route: "/v1/renders/{id}").json
            if let status = job["status"] as? String, !["queued", "running"].contains(status) { return job }
            usleep(200_000)
        }
        throw ToolError(message: "render \(id) did not end in \(timeout) s")
    }

    /// Holds every recorded response to the server's OpenAPI document, which an independent
    /// validator checks first (`check_openapi.py`); the validator's output.
    func checkAgainstDocument(in folder: TemporaryFolder) throws -> Tools.Output {
        try request("GET", "/v1/openapi.json", route: "/v1/openapi.json", headers: documentHeaders).body.write(
            to: URL(fileURLWithPath: folder.file("openapi.json")))
        try writeSeen(to: folder.file("seen.json"))
        return try Tools.run(
            "python3", [Reel.repositoryRoot + "/Tests/ReelServerTests/check_openapi.py", folder.file("openapi.json"), folder.file("seen.json")])
    }

    /// Headers the document's request needs (a token, on a server with tokens).
    var documentHeaders: [String: String] = [:]

    /// Writes the recorded responses for `check_openapi.py`.
    func writeSeen(to path: String) throws {
        lock.lock()
        let records = seen
        lock.unlock()
        try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
    }
}
