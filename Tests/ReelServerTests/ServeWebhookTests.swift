import Foundation
import ReelTestSupport
import Testing

/// A render's webhook: the job's JSON POSTed when it ends, signed with the server's secret,
/// retried after a failed attempt, every attempt shown on the job.
@Suite struct ServeWebhookTests {
    static let secret = "whsec-5b0c1d2e3f4a5b6c"

    @Test func aWebhookIsSignedRetriedAndRecorded() throws {
        let project = try ServeProject()
        let secretFile = project.dir.file("secret")
        try "\(Self.secret)\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        // A receiver that fails the first post and takes the second; it stops by itself.
        let log = project.dir.file("hooks.jsonl")
        let receiver = Process()
        receiver.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        receiver.arguments = ["python3", Reel.repositoryRoot + "/Tests/ReelServerTests/webhook_receiver.py", Self.secret, "1", log, "90"]
        let out = Pipe()
        receiver.standardOutput = out
        try receiver.run()
        defer { if receiver.isRunning { receiver.terminate() } }
        let portLine = String(decoding: out.fileHandleForReading.availableDataLine(), as: UTF8.self)
        let port = try #require(Int(portLine.trimmingCharacters(in: .whitespacesAndNewlines)), "receiver said '\(portLine)'")
        let server = try project.start(extra: ["--webhook-secret", secretFile])
        let body = #"{"template": "tiny", "media": ["a.mp4", "b.mp4"], "webhook": "http://127.0.0.1:\#(port)/hook"}"#
        let submitted = try server.request("POST", "/v1/renders", route: "/v1/renders", json: body)
        let id = try #require(submitted.json["id"] as? String, "\(submitted.text)")
        #expect(try server.wait(for: id)["status"] as? String == "done")
        var webhook: [String: Any] = [:]
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            webhook = try server.request("GET", "/v1/renders/\(id)", route: "/v1/renders/{id}").json["webhook"] as? [String: Any] ?? [:]
            if webhook["delivered"] as? Bool == true { break }
            usleep(200_000)
        }
        #expect(webhook["delivered"] as? Bool == true, "\(webhook)")
        let statuses = (webhook["deliveries"] as? [[String: Any]] ?? []).map { $0["status"] as? Int }
        #expect(statuses == [500, 200], "\(webhook)")
        let posts = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(posts.count == 2)
        for post in posts {
            #expect(post["valid"] as? Bool == true, "the signature does not verify: \(post)")
            let job = post["body"] as? [String: Any] ?? [:]
            #expect(job["id"] as? String == id && job["status"] as? String == "done")
        }
        // Every response seen matches the document, which an independent validator accepts.
        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func aWebhookNeedsAServerThatSigns() throws {
        let project = try ServeProject()
        let server = try project.start()
        let r = try server.request("POST", "/v1/renders", json: #"{"template": "tiny", "media": ["a.mp4"], "webhook": "http://127.0.0.1:9/x"}"#)
        let problems = (r.json["error"] as? [String: Any])?["problems"] as? [[String: Any]] ?? []
        #expect(r.status == 422 && problems.contains { $0["field"] as? String == "webhook" }, "\(r.text)")
    }
}

extension FileHandle {
    /// Bytes up to the first newline (at most 10 s).
    func availableDataLine() -> Data {
        var line = Data()
        let deadline = Date().addingTimeInterval(10)
        while !line.contains(UInt8(ascii: "\n")) && Date() < deadline {
            var pfd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            if Glibc.read(fileDescriptor, &byte, 1) == 1 { line.append(byte) } else { break }
        }
        return line
    }
}
