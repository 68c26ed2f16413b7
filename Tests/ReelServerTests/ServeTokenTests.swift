import Foundation
import ReelTestSupport
import Testing

@testable import ReelServer

/// With `--tokens`, every route but the health check needs a token, each token sees its own
/// renders only, and no token reaches the log.
@Suite struct ServeTokenTests {
    static let alice = "alice-7c1f0e5a9b2d4c63"
    static let bob = "bob-0d9e8f7a6b5c4d3e2f"

    func tokensFile(_ project: ServeProject) throws -> String {
        let file = project.dir.file("tokens")
        try "# name token\nalice \(Self.alice)\n\nbob \(Self.bob)\n".write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func everyRouteButHealthNeedsAToken() throws {
        let project = try ServeProject()
        let log = project.dir.file("serve.log")
        let server = try project.start(extra: ["--tokens", try tokensFile(project)], log: log)
        let alice = ["Authorization": "Bearer \(Self.alice)"]
        let bob = ["Authorization": "Bearer \(Self.bob)"]
        #expect(try server.request("GET", "/v1/health", route: "/v1/health").status == 200)
        let anonymous = try server.request("GET", "/v1/templates", route: "/v1/templates")
        #expect(anonymous.status == 401 && (anonymous.json["error"] as? [String: Any])?["code"] as? String == "unauthorized")
        #expect(try server.request("GET", "/v1/templates", headers: ["Authorization": "Bearer \(Self.alice)x"]).status == 401)
        #expect(try server.request("GET", "/v1/templates", headers: ["Authorization": "Basic \(Self.alice)"]).status == 401)
        #expect(try server.request("GET", "/metrics", route: "/metrics").status == 401)
        #expect(try server.request("GET", "/v1/templates", route: "/v1/templates", headers: alice).status == 200)
        let submitted = try server.request("POST", "/v1/renders", route: "/v1/renders", json: ServeProject.render, headers: alice)
        #expect(submitted.status == 202, "\(submitted.text)")
        let id = try #require(submitted.json["id"] as? String)
        // Bob sees none of Alice's renders, and cannot cancel them.
        #expect(try server.request("GET", "/v1/renders/\(id)", route: "/v1/renders/{id}", headers: bob).status == 404)
        #expect(try server.request("DELETE", "/v1/renders/\(id)", route: "/v1/renders/{id}", headers: bob).status == 404)
        #expect((try server.request("GET", "/v1/renders", route: "/v1/renders", headers: bob).json["renders"] as? [Any])?.isEmpty == true)
        // The same Idempotency-Key is Bob's own.
        let bobs = try server.request("POST", "/v1/renders", json: ServeProject.render, headers: bob.merging(["Idempotency-Key": "k"]) { $1 })
        let alices = try server.request("POST", "/v1/renders", json: ServeProject.render, headers: alice.merging(["Idempotency-Key": "k"]) { $1 })
        #expect(bobs.status == 202 && alices.status == 202 && bobs.json["id"] as? String != alices.json["id"] as? String)
        let job = try server.request("GET", "/v1/renders/\(id)", route: "/v1/renders/{id}", headers: alice)
        #expect(job.status == 200)
        #expect((try server.request("GET", "/v1/renders", route: "/v1/renders", headers: alice).json["renders"] as? [Any])?.count == 2)
        // Every response seen matches the document, which an independent validator accepts.
        server.documentHeaders = alice
        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        // The log names requests, never tokens.
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("\"route\":\"/v1/renders\""), "\(logged)")
        #expect(!logged.contains(Self.alice) && !logged.contains(Self.bob))
    }

    /// An upload and a timeline are their token's: another token can neither see them nor name
    /// them in a render, and an upload without a token is refused before its body is kept.
    @Test func uploadsAndTimelinesAreTheirTokens() throws {
        let project = try ServeProject()
        let server = try project.start(extra: ["--tokens", try tokensFile(project)])
        let alice = ["Authorization": "Bearer \(Self.alice)"]
        let bob = ["Authorization": "Bearer \(Self.bob)"]
        let anonymous = try server.request("POST", "/v1/media?name=a.mp4", route: "/v1/media", file: project.media + "/a.mp4")
        #expect(anonymous.status == 401)
        let uploads = project.data + "/uploads"
        #expect((try FileManager.default.contentsOfDirectory(atPath: uploads)).isEmpty)
        let uploaded = try server.request("POST", "/v1/media?name=a.mp4", route: "/v1/media", file: project.media + "/a.mp4", headers: alice)
        #expect(uploaded.status == 201, "\(uploaded.text)")
        let media = try #require(uploaded.json["id"] as? String)
        #expect(try server.request("GET", "/v1/media/\(media)", route: "/v1/media/{id}", headers: alice).status == 200)
        #expect(try server.request("GET", "/v1/media/\(media)", route: "/v1/media/{id}", headers: bob).status == 404)
        let render = #"{"template": "tiny", "media": ["\#(media)", "b.mp4"], "options": {"quality": "draft"}}"#
        let bobs = try server.request("POST", "/v1/renders", route: "/v1/renders", json: render, headers: bob)
        #expect(bobs.status == 422 && bobs.text.contains("no upload"), "\(bobs.text)")
        let made = try server.request("POST", "/v1/timelines", route: "/v1/timelines", json: render, headers: alice)
        #expect(made.status == 201, "\(made.text)")
        let timeline = try #require(made.json["id"] as? String)
        #expect(try server.request("GET", "/v1/timelines/\(timeline)", route: "/v1/timelines/{id}", headers: alice).status == 200)
        #expect(try server.request("GET", "/v1/timelines/\(timeline)", route: "/v1/timelines/{id}", headers: bob).status == 404)
        let edit = #"{"operation": "swap", "operands": [1, 2]}"#
        #expect(try server.request("POST", "/v1/timelines/\(timeline)/edits", json: edit, headers: bob).status == 404)
        #expect(try server.request("POST", "/v1/timelines/\(timeline)/renders", json: "{}", headers: bob).status == 404)
        server.documentHeaders = alice
        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func aBadTokensFileStopsTheServerWithItsLine() throws {
        let project = try ServeProject()
        let file = project.dir.file("tokens")
        try "alice \(Self.alice)\nbob short\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Reel.run(
            ["serve", "--data", project.data, "--listen", "127.0.0.1:0", "--templates", project.templates, "--tokens", file], timeout: 30)
        #expect(r.status == 2 && r.stderr.contains("\(file):2"), "\(r.stderr)")
    }

    /// Another machine's address is served only with tokens (checked without listening there).
    @Test func anAddressOtherMachinesReachNeedsTokens() throws {
        let project = try ServeProject()
        var configuration = ServerConfiguration(data: project.data, host: "0.0.0.0", port: 0, templateFolders: [project.templates])
        #expect(throws: ServerError.self) { try configuration.checkAddress() }
        configuration.tokens = try ServerTokens(file: try tokensFile(project))
        try configuration.checkAddress()
        #expect(configuration.tokens?.owner(authorization: "Bearer \(Self.bob)") == "bob")
        #expect(configuration.tokens?.owner(authorization: "Bearer \(Self.bob) ") == "bob")
        #expect(configuration.tokens?.owner(authorization: "bearer \(Self.alice)") == "alice")
        #expect(configuration.tokens?.owner(authorization: "Bearer") == nil)
    }
}
