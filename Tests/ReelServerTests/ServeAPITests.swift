import Foundation
import ReelTestSupport
import Testing

/// `reel serve` spoken to with curl on loopback: every route, its answers held to the OpenAPI
/// document by an independent validator, renders checked with ffprobe.
@Suite struct ServeAPITests {
    @Test func everyRouteAnswersAsTheDocumentSays() throws {
        let project = try ServeProject()
        let server = try project.start()
        let health = try server.request("GET", "/v1/health", route: "/v1/health")
        #expect(health.status == 200 && health.json["status"] as? String == "ok", "\(health.text)")
        let document = try server.request("GET", "/v1/openapi.json", route: "/v1/openapi.json")
        #expect(document.status == 200)
        let list = try server.request("GET", "/v1/templates", route: "/v1/templates")
        let templates = list.json["templates"] as? [[String: Any]] ?? []
        #expect(templates.map { $0["id"] as? String } == ["tiny"], "\(list.text)")
        let tiny = try server.request("GET", "/v1/templates/tiny", route: "/v1/templates/{id}")
        #expect((tiny.json["slotList"] as? [Any])?.count == 2, "\(tiny.text)")
        #expect(try server.request("GET", "/v1/templates/nope", route: "/v1/templates/{id}").status == 404)
        let sheet = try server.request("GET", "/v1/templates/tiny/contact-sheet.png", route: "/v1/templates/{id}/contact-sheet.png")
        #expect(sheet.status == 200 && sheet.body.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(sheet.status)")
        let valid = try server.request("POST", "/v1/validate", route: "/v1/validate", json: #"{"template": "tiny"}"#)
        #expect(valid.json["valid"] as? Bool == true, "\(valid.text)")
        let invalid = try server.request(
            "POST", "/v1/validate", route: "/v1/validate", json: #"{"template": "tiny", "media": ["a.mp4"], "texts": {"title": "x"}}"#)
        #expect(invalid.json["valid"] as? Bool == false, "\(invalid.text)")

        // A render, from queued to done, and its output.
        let submitted = try server.request("POST", "/v1/renders", route: "/v1/renders", json: ServeProject.render)
        #expect(submitted.status == 202, "\(submitted.text)")
        let id = try #require(submitted.json["id"] as? String)
        #expect(submitted.headers["location"] == "/v1/renders/\(id)")
        let done = try server.wait(for: id)
        #expect(done["status"] as? String == "done", "\(done)")
        let result = done["result"] as? [String: Any] ?? [:]
        #expect((result["summary"] as? [String])?.count == 2, "\(result)")
        let output = try server.request("GET", "/v1/renders/\(id)/output", route: "/v1/renders/{id}/output")
        #expect(output.status == 200 && output.headers["accept-ranges"] == "bytes")
        let file = project.dir.file("out.mp4")
        try output.body.write(to: URL(fileURLWithPath: file))
        let probe = try Tools.probe(file)
        #expect(probe.video?.width == 160 && probe.video?.height == 284, "\(probe)")
        // A seek: the bytes asked for, and 416 past the end.
        let part = try server.request("GET", "/v1/renders/\(id)/output", route: "/v1/renders/{id}/output", headers: ["Range": "bytes=100-199"])
        #expect(part.status == 206 && part.body == output.body[100..<200], "\(part.status)")
        #expect(part.headers["content-range"] == "bytes 100-199/\(output.body.count)")
        let past = try server.request(
            "GET", "/v1/renders/\(id)/output", route: "/v1/renders/{id}/output", headers: ["Range": "bytes=\(output.body.count)-"])
        #expect(past.status == 416)
        let timeline = try server.request("GET", "/v1/renders/\(id)/timeline", route: "/v1/renders/{id}/timeline")
        #expect(timeline.status == 200 && timeline.text.contains("\"clips\""))

        // Paging: two more renders, listed a page of one at a time.
        for _ in 0..<2 { try server.request("POST", "/v1/renders", route: "/v1/renders", json: ServeProject.render) }
        var ids: [String] = []
        var after: String?
        repeat {
            let page = try server.request("GET", "/v1/renders?limit=1" + (after.map { "&after=\($0)" } ?? ""), route: "/v1/renders")
            ids += (page.json["renders"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            after = page.json["next"] as? String
        } while after != nil && ids.count < 10
        #expect(ids.count == 3 && ids.first == id && Set(ids).count == 3, "\(ids)")
        for other in ids.dropFirst() { _ = try server.wait(for: other) }
        let doneList = try server.request("GET", "/v1/renders?status=done", route: "/v1/renders")
        #expect((doneList.json["renders"] as? [Any])?.count == 3)
        // A finished render cannot be cancelled.
        #expect(try server.request("DELETE", "/v1/renders/\(id)", route: "/v1/renders/{id}").status == 409)
        #expect(try server.request("GET", "/v1/renders/r_nothing", route: "/v1/renders/{id}").status == 404)
        let metrics = try server.request("GET", "/metrics", route: "/metrics")
        #expect(metrics.text.contains("reel_jobs{state=\"done\"} 3"), "\(metrics.text)")
        #expect(metrics.text.contains("reel_http_requests_total{method=\"POST\",route=\"/v1/renders\",status=\"202\"} 3"))

        // Every response seen matches the document, which an independent validator accepts.
        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func anIdempotencyKeyReturnsTheSameJob() throws {
        let project = try ServeProject()
        let server = try project.start()
        let first = try server.request("POST", "/v1/renders", json: ServeProject.render, headers: ["Idempotency-Key": "k1"])
        // The same request written otherwise (spacing, key order) is the same request.
        let again = try server.request(
            "POST", "/v1/renders", json: #"{"options":{"quality":"draft"},"media":["a.mp4","b.mp4"],"template":"tiny"}"#,
            headers: ["Idempotency-Key": "k1"])
        #expect(first.status == 202 && again.status == 200, "\(again.text)")
        #expect(first.json["id"] as? String == again.json["id"] as? String)
        let other = try server.request(
            "POST", "/v1/renders", json: #"{"template": "tiny", "media": ["b.mp4"]}"#, headers: ["Idempotency-Key": "k1"])
        #expect(other.status == 409 && (other.json["error"] as? [String: Any])?["code"] as? String == "idempotency_conflict")
        let all = try server.request("GET", "/v1/renders")
        #expect((all.json["renders"] as? [Any])?.count == 1)
    }

    @Test func hostileRequestsAreRefusedBeforeAnyJobIsQueued() throws {
        let project = try ServeProject()
        try "secret".write(toFile: project.dir.file("secret.mp4"), atomically: true, encoding: .utf8)
        // A link inside the media root that leads out of it.
        try FileManager.default.createSymbolicLink(atPath: project.media + "/out.mp4", withDestinationPath: project.dir.file("secret.mp4"))
        let server = try project.start()
        let cases: [(String, String, Int, String)] = [
            (#"{"template": "tiny", "media": ["../secret.mp4"]}"#, "media[0]", 422, "invalid_request"),
            (#"{"template": "tiny", "media": ["\#(project.dir.file("secret.mp4"))"]}"#, "media[0]", 422, "invalid_request"),
            (#"{"template": "tiny", "media": ["out.mp4"]}"#, "media[0]", 422, "invalid_request"),
            (#"{"template": "tiny", "media": ["a.mp4\u0000b"]}"#, "media[0]", 400, "invalid_request"),
            (#"{"template": "tiny", "media": ["a.mp4"], "colour": "red"}"#, "colour", 400, "invalid_request"),
            (#"{"template": "tiny", "media": "a.mp4"}"#, "media", 400, "invalid_request"),
            (#"{"template": "tiny", "media": ["a.mp4"], "options": {"qualty": "draft"}}"#, "options.qualty", 400, "invalid_request"),
            (#"{"template": "tiny", "media": ["a.mp4"], "options": {"size": "huge"}}"#, "options.size", 422, "invalid_request"),
            (#"{"template": "tiny", "media": ["a.mp4"], "options": {"seed": 1e400}}"#, "options.seed", 422, "invalid_request"),
            (#"{"template": "tiny", "media": ["a.mp4"], "texts": {"title": "x"}}"#, "texts.title", 422, "invalid_request"),
            (#"{"template": "../tiny", "media": ["a.mp4"]}"#, "", 404, "template_not_found"),
            (#"{"template": "tiny", "media": ["m_0000000000000000000000000Z"]}"#, "media[0]", 422, "invalid_request"),
        ]
        for (body, field, status, code) in cases {
            let r = try server.request("POST", "/v1/renders", json: body)
            let error = r.json["error"] as? [String: Any] ?? [:]
            #expect(r.status == status && error["code"] as? String == code, "\(body): \(r.status) \(r.text)")
            if !field.isEmpty {
                let fields = (error["problems"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
                #expect(fields.contains(field), "\(body): \(r.text)")
            }
            #expect(!r.text.contains("secret\""), "\(r.text)")
        }
        #expect(try server.request("POST", "/v1/renders", body: "{}", contentType: "text/plain").status == 415)
        #expect(try server.request("POST", "/v1/renders", json: "{\"template\": ").status == 400)
        #expect(try server.request("POST", "/v1/renders", json: "[1, 2]").status == 400)
        let huge = "{\"template\": \"tiny\", \"media\": [\"" + String(repeating: "a", count: 1 << 21) + "\"]}"
        #expect(try server.request("POST", "/v1/renders", json: huge).status == 413)
        #expect(try server.request("PUT", "/v1/renders", json: "{}").status == 405)
        #expect(try server.request("GET", "/v2/anything").status == 404)
        let all = try server.request("GET", "/v1/renders")
        #expect((all.json["renders"] as? [Any])?.isEmpty == true, "\(all.text)")
        #expect(server.isRunning)
    }

    @Test func uploadsAreProbedAndOnlyReadableMediaKept() throws {
        let project = try ServeProject()
        let server = try project.start()
        let clip = try server.request("POST", "/v1/media?name=../My%20Clip.mp4", route: "/v1/media", file: project.media + "/a.mp4")
        #expect(clip.status == 201, "\(clip.text)")
        let id = try #require(clip.json["id"] as? String)
        #expect(clip.json["name"] as? String == "My_Clip.mp4")
        #expect(try server.request("GET", "/v1/media/\(id)", route: "/v1/media/{id}").status == 200)
        try "not a video".write(toFile: project.dir.file("junk.mp4"), atomically: true, encoding: .utf8)
        let junk = try server.request("POST", "/v1/media?name=junk.mp4", route: "/v1/media", file: project.dir.file("junk.mp4"))
        #expect(junk.status == 422, "\(junk.text)")
        // Only the readable upload is kept.
        let kept = (try FileManager.default.contentsOfDirectory(atPath: project.data + "/uploads"))
        #expect(kept == ["\(id)_My_Clip.mp4"], "\(kept)")
        let render = try server.request("POST", "/v1/renders", json: #"{"template": "tiny", "media": ["\#(id)", "b.mp4"]}"#)
        #expect(render.status == 202, "\(render.text)")
        let done = try server.wait(for: try #require(render.json["id"] as? String))
        #expect(done["status"] as? String == "done", "\(done)")
    }

    @Test func aNonLoopbackAddressWithoutTokensIsRefused() throws {
        let project = try ServeProject()
        let r = try Reel.run(["serve", "--data", project.data, "--listen", "0.0.0.0:0", "--templates", project.templates], timeout: 30)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("0.0.0.0:0") && r.stderr.contains("loopback"), "\(r.stderr)")
    }
}
