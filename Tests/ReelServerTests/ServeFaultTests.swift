import Foundation
import ReelTestSupport
import Testing

/// Faults a server meets: a client gone mid-upload, the server killed mid-upload and during heavy
/// submission. Nothing accepted is lost, nothing half-received is kept, the server stays up.
@Suite struct ServeFaultTests {
    /// A 4 MB file of noise: an upload slow enough to cut.
    static func bigFile(_ project: ServeProject) throws -> String {
        let path = project.dir.file("big.bin")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<(4 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// curl sending `file` slowly, cut after `seconds`.
    static func slowUpload(_ url: String, _ file: String, seconds: Int) throws -> Tools.Output {
        try Tools.run(
            "curl",
            [
                "-s", "--limit-rate", "200k", "--max-time", "\(seconds)", "-H", "Content-Type: application/octet-stream", "--data-binary", "@" + file,
                url + "/v1/media?name=big.bin",
            ],
            timeout: Double(seconds + 20))
    }

    @Test func aClientGoneMidUploadLeavesNothing() throws {
        let project = try ServeProject()
        let server = try project.start()
        let cut = try Self.slowUpload(server.url, try Self.bigFile(project), seconds: 4)
        #expect(cut.status == 28, "curl should time out mid-upload: \(cut.status)")
        // The server notices the closed connection and removes what it had received.
        let deadline = Date().addingTimeInterval(10)
        var left: [String] = ["?"]
        while Date() < deadline {
            left = (try? FileManager.default.contentsOfDirectory(atPath: project.data + "/uploads")) ?? []
            if left.isEmpty { break }
            usleep(100_000)
        }
        #expect(left.isEmpty, "\(left)")
        #expect(try server.request("GET", "/v1/health").status == 200)
    }

    @Test func aServerKilledMidUploadRemovesTheHalfOnRestart() throws {
        let project = try ServeProject()
        let big = try Self.bigFile(project)
        do {
            let server = try project.start()
            let url = server.url
            let upload = Thread { _ = try? Self.slowUpload(url, big, seconds: 20) }
            upload.start()
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && ((try? FileManager.default.contentsOfDirectory(atPath: project.data + "/uploads")) ?? []).isEmpty {
                usleep(50_000)
            }
            #expect(!(try FileManager.default.contentsOfDirectory(atPath: project.data + "/uploads")).isEmpty, "the upload never began")
            server.kill9()
        }
        let again = try project.start()
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.data + "/uploads").isEmpty)
        #expect(try again.request("GET", "/v1/health").status == 200)
    }

    /// Submissions from 8 clients, the server killed in the middle of them: every submission that
    /// was answered 202 is there after the restart, once, and renders.
    @Test func aServerKilledDuringHeavySubmissionLosesNoAcceptedRender() throws {
        let project = try ServeProject()
        final class Accepted: @unchecked Sendable {
            var ids: [String] = []
        }
        let accepted = Accepted()
        let lock = NSLock()
        do {
            let server = try project.start()
            let clients = (0..<8).map { client in
                Thread {
                    for i in 0..<6 {
                        guard
                            let r = try? server.request(
                                "POST", "/v1/renders", json: ServeProject.render, headers: ["Idempotency-Key": "c\(client)-\(i)"]),
                            r.status == 202, let id = r.json["id"] as? String
                        else { return }
                        lock.lock()
                        accepted.ids.append(id)
                        lock.unlock()
                    }
                }
            }
            for c in clients { c.start() }
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                lock.lock()
                let n = accepted.ids.count
                lock.unlock()
                if n >= 12 { break }
                usleep(10_000)
            }
            server.kill9()
            while clients.contains(where: { !$0.isFinished }) { usleep(50_000) }
        }
        lock.lock()
        let ids = accepted.ids
        lock.unlock()
        #expect(ids.count >= 12)
        let again = try project.start()
        let listed = (try again.request("GET", "/v1/renders?limit=1000").json["renders"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(Set(ids).isSubset(of: Set(listed)), "accepted but lost: \(Set(ids).subtracting(listed))")
        #expect(Set(listed).count == listed.count)
        for id in ids { #expect(try again.wait(for: id, timeout: 240)["status"] as? String == "done") }
    }
}

/// The data folder's disk full: a small tmpfs mounted for the test (which needs the right to
/// mount; without it the test does not run, and says so).
@Suite struct ServeDiskFullTests {
    static let canMount: Bool = {
        let probe = TemporaryFolder("reel-mount-probe")
        let mounted = (try? Tools.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]))?.status == 0
        if mounted { _ = try? Tools.run("umount", [probe.path]) }
        return mounted
    }()

    @Test(.enabled(if: canMount, "mounting a small tmpfs needs root")) func aFullDiskGivesClearErrorsAndTheServerLives() throws {
        let project = try ServeProject()
        try FileManager.default.createDirectory(atPath: project.data, withIntermediateDirectories: true)
        #expect(try Tools.run("mount", ["-t", "tmpfs", "-o", "size=1536k", "tmpfs", project.data]).status == 0)
        defer { _ = try? Tools.run("umount", ["-l", project.data]) }
        let server = try project.start()
        // An upload larger than the space left.
        let big = project.dir.file("big.bin")
        try Data(repeating: 7, count: 3 << 20).write(to: URL(fileURLWithPath: big))
        let upload = try server.request("POST", "/v1/media?name=big.bin", file: big)
        let code = (upload.json["error"] as? [String: Any])?["code"] as? String
        #expect([507, 500, 413].contains(upload.status) && code != nil, "\(upload.status) \(upload.text)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.data + "/uploads").isEmpty)
        // Fill what is left, then render: the render fails with a clear error.
        let filler = project.data + "/filler"
        _ = try? Data(repeating: 1, count: 2 << 20).write(to: URL(fileURLWithPath: filler))
        let render = try server.request("POST", "/v1/renders", json: ServeProject.render)
        if render.status == 202, let id = render.json["id"] as? String {
            let job = try server.wait(for: id)
            let error = job["error"] as? [String: Any] ?? [:]
            #expect(job["status"] as? String == "failed" && (error["message"] as? String ?? "").contains("space"), "\(job)")
        } else {
            #expect(render.status == 507, "\(render.status) \(render.text)")
        }
        try? FileManager.default.removeItem(atPath: filler)
        #expect(try server.request("GET", "/v1/health").status == 200)
        #expect(server.isRunning)
    }
}
