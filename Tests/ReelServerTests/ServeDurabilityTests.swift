import Foundation
import ReelTestSupport
import Testing

/// A server killed at any moment loses no accepted job, and a drained one leaves none running.
@Suite struct ServeDurabilityTests {
    /// Renders accepted, the server killed (-9) while one runs, started again: each accepted
    /// render ends done exactly once, with a complete output.
    @Test func aKilledServerLosesNoAcceptedRender() throws {
        let project = try ServeProject()
        var ids: [String] = []
        do {
            let server = try project.start()
            for _ in 0..<4 {
                let r = try server.request("POST", "/v1/renders", json: ServeProject.render)
                #expect(r.status == 202, "\(r.text)")
                ids.append(try #require(r.json["id"] as? String))
            }
            // Killed as soon as a render runs.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let running = try server.request("GET", "/v1/renders?status=running").json["renders"] as? [Any] ?? []
                if !running.isEmpty { break }
                usleep(20_000)
            }
            server.kill9()
        }
        let again = try project.start()
        var attempts: [Int] = []
        for id in ids {
            let job = try again.wait(for: id)
            #expect(job["status"] as? String == "done", "\(job)")
            attempts.append(job["attempts"] as? Int ?? 0)
            let out = project.dir.file("\(id).mp4")
            try again.request("GET", "/v1/renders/\(id)/output").body.write(to: URL(fileURLWithPath: out))
            #expect(try Tools.probe(out).video?.width == 160)
        }
        // The one interrupted ran twice; the others once.
        #expect(attempts.filter { $0 == 1 }.count >= 3, "\(attempts)")
        let all = try again.request("GET", "/v1/renders").json["renders"] as? [[String: Any]] ?? []
        #expect(all.count == 4, "\(all.count) renders listed")
        // Outputs are only those of the renders: nothing half-written is left.
        let outputs = try FileManager.default.contentsOfDirectory(atPath: project.data + "/outputs").sorted()
        #expect(outputs == ids.flatMap { ["\($0).mp4", "\($0).timeline.json"] }.sorted(), "\(outputs)")
    }

    /// SIGTERM: no new render is taken, the server exits 0, and no render is left running.
    @Test func sigtermDrainsAndExits() throws {
        let project = try ServeProject()
        let server = try project.start()
        let r = try server.request("POST", "/v1/renders", json: ServeProject.render)
        let id = try #require(r.json["id"] as? String)
        #expect(server.terminate() == 0)
        let again = try project.start()
        let job = try again.wait(for: id)
        #expect(job["status"] as? String == "done", "\(job)")
    }

    /// A cancelled render leaves nothing at its output.
    @Test func aCancelledRenderLeavesNoOutput() throws {
        let project = try ServeProject()
        let server = try project.start()
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try #require(try server.request("POST", "/v1/renders", json: ServeProject.render).json["id"] as? String)) }
        let cancelled = try server.request("DELETE", "/v1/renders/\(ids[2])")
        #expect(cancelled.status == 200 && cancelled.json["status"] as? String == "cancelled", "\(cancelled.text)")
        for id in ids.prefix(2) { _ = try server.wait(for: id) }
        #expect(try server.request("GET", "/v1/renders/\(ids[2])/output").status == 409)
        #expect(!FileManager.default.fileExists(atPath: project.data + "/outputs/\(ids[2]).mp4"))
    }
}
