import Foundation
import ReelTestSupport
import Testing

/// Timelines through the API: made without rendering, edited with `reel edit`'s operations on its
/// journal (the CLI reads the same history), rendered as a job from the copy taken when asked.
@Suite struct ServeTimelineTests {
    @Test func aTimelineIsMadeEditedAndRendered() throws {
        let project = try ServeProject()
        let server = try project.start()
        let made = try server.request("POST", "/v1/timelines", route: "/v1/timelines", json: ServeProject.render)
        #expect(made.status == 201, "\(made.text)")
        let id = try #require(made.json["id"] as? String)
        func clips(_ r: ServerProcess.Response) -> [String] {
            ((r.json["timeline"] as? [String: Any])?["clips"] as? [[String: Any]] ?? []).compactMap { $0["media"] as? String }
        }
        let before = clips(made)
        #expect(before.count == 2 && (made.json["summary"] as? [String])?.count == 2, "\(made.text)")
        #expect(made.json["canUndo"] as? Bool == false)

        // A swap, as reel edit takes it; the journal is the CLI's.
        let swapped = try server.request(
            "POST", "/v1/timelines/\(id)/edits", route: "/v1/timelines/{id}/edits", json: #"{"operation": "swap", "operands": [1, 2]}"#)
        #expect(swapped.status == 200, "\(swapped.text)")
        #expect(clips(swapped) == before.reversed(), "\(swapped.text)")
        #expect(swapped.json["canUndo"] as? Bool == true)
        let path = project.data + "/timelines/\(id)/timeline.json"
        let history = try Reel.run(["edit", path, "history", "--format", "json"])
        #expect(history.status == 0 && history.stdout.contains("swap 1 2"), "\(history.stdout)\(history.stderr)")

        // Undo and redo; nothing more to redo is 409; a refused edit changes nothing.
        let undone = try server.request("POST", "/v1/timelines/\(id)/edits", route: "/v1/timelines/{id}/edits", json: #"{"operation": "undo"}"#)
        #expect(clips(undone) == before)
        let redone = try server.request("POST", "/v1/timelines/\(id)/edits", route: "/v1/timelines/{id}/edits", json: #"{"operation": "redo"}"#)
        #expect(clips(redone) == before.reversed())
        #expect(
            try server.request("POST", "/v1/timelines/\(id)/edits", route: "/v1/timelines/{id}/edits", json: #"{"operation": "redo"}"#).status == 409)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let refused = try server.request(
            "POST", "/v1/timelines/\(id)/edits", route: "/v1/timelines/{id}/edits", json: #"{"operation": "swap", "operands": [1, 9]}"#)
        #expect([400, 422].contains(refused.status), "\(refused.text)")
        #expect(!refused.text.contains(project.data), "\(refused.text)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(try server.request("POST", "/v1/timelines/\(id)/edits", json: #"{"operation": "explode"}"#).status == 400)

        // A render of the timeline as it is now; an edit after it does not change the render.
        let render = try server.request(
            "POST", "/v1/timelines/\(id)/renders", route: "/v1/timelines/{id}/renders", json: #"{"options": {"quality": "draft"}}"#)
        #expect(render.status == 202, "\(render.text)")
        let job = try #require(render.json["id"] as? String)
        try server.request("POST", "/v1/timelines/\(id)/edits", json: #"{"operation": "undo"}"#)
        let done = try server.wait(for: job)
        #expect(done["status"] as? String == "done", "\(done)")
        let rendered = try server.request("GET", "/v1/renders/\(job)/timeline", route: "/v1/renders/{id}/timeline")
        let renderedClips = ((try JSONSerialization.jsonObject(with: rendered.body) as? [String: Any])?["clips"] as? [[String: Any]] ?? [])
            .compactMap { $0["media"] as? String }
        #expect(renderedClips.map { ($0 as NSString).lastPathComponent } == before.reversed().map { ($0 as NSString).lastPathComponent })
        let out = project.dir.file("t.mp4")
        try server.request("GET", "/v1/renders/\(job)/output").body.write(to: URL(fileURLWithPath: out))
        #expect(try Tools.probe(out).video?.width == 160)
        #expect(try server.request("GET", "/v1/timelines/\(id)", route: "/v1/timelines/{id}").status == 200)
        #expect(try server.request("GET", "/v1/timelines/t_nothing", route: "/v1/timelines/{id}").status == 404)
        #expect(try server.request("POST", "/v1/timelines/\(id)/renders", json: #"{"options": {"size": "huge"}}"#).status == 422)

        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
