import Foundation
import ReelTestSupport
import Testing

/// `reel studio`: the API on loopback behind a fresh token, the page served without one under a
/// strict policy, and the page itself driven in headless Chromium through Selenium.
@Suite struct StudioTests {
    /// Chromium, its driver (Debian's chromium and chromium-driver) and Selenium (PyPI), when all are installed.
    static let browserMissing: String? = {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed (scripts/setup installs chromium-driver, scripts/test chromium)"
        }
        let selenium = try? Tools.run("python3", ["-c", "import selenium"], timeout: 30)
        return selenium?.status == 0 ? nil : "Selenium is not installed (scripts/test installs it from PyPI)"
    }()

    /// A template of two one-second slots with a title to fill, and a media root of a red and a blue clip.
    struct Project {
        let dir = TemporaryFolder("reel-studio")
        let template: String
        let media: String
        let data: String

        init() throws {
            template = dir.file("tiny")
            media = dir.file("media")
            data = dir.file("data")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            try TestMedia.tone(template + "/music.m4a", seconds: "4")
            try """
            { "format": 1, "name": "Tiny", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "music": { "file": "music.m4a", "fadeOut": 0.5 },
              "slots": [ { "id": "a", "duration": 1 }, { "id": "b", "duration": 1 } ],
              "layers": [ { "id": "t", "kind": "text", "key": "title", "text": "Hi", "start": 0, "duration": 1 } ] }
            """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            try TestMedia.colorClip(media + "/a.mp4", color: "red", seconds: "1")
            try TestMedia.colorClip(media + "/b.mp4", color: "blue", seconds: "1")
        }

        /// `reel studio` on a free port: the template folder named directly, the media root, the data folder.
        func start() throws -> ServerProcess {
            try ServerProcess(arguments: ["studio", template, "--media", media, "--listen", "127.0.0.1:0", "--data", data, "-q"], data: data)
        }
    }

    /// The token of the address a studio printed first.
    func token(of server: ServerProcess) throws -> String {
        let line = server.firstLine
        let prefix = server.url + "/?token="
        #expect(line.hasPrefix(prefix), "\(line)")
        return String(line.dropFirst(prefix.count))
    }

    @Test func theAPINeedsTheFreshTokenAndThePageIsServedPlainly() throws {
        let project = try Project()
        // The listing leaves out hidden files, files Reel makes nothing of, and links leading out of the root.
        let fm = FileManager.default
        try fm.createDirectory(atPath: project.media + "/sub", withIntermediateDirectories: true)
        for copy in ["sub/c.mp4", ".hidden.mp4"] { try fm.copyItem(atPath: project.media + "/a.mp4", toPath: project.media + "/" + copy) }
        try "notes".write(toFile: project.media + "/notes.txt", atomically: true, encoding: .utf8)
        try fm.copyItem(atPath: project.media + "/a.mp4", toPath: project.dir.file("outside.mp4"))
        try fm.createSymbolicLink(atPath: project.media + "/out.mp4", withDestinationPath: project.dir.file("outside.mp4"))
        let server = try project.start()
        #expect(server.url.hasPrefix("http://127.0.0.1:"), "\(server.firstLine)")
        let token = try token(of: server)
        // At least 128 bits: 32 hexadecimal digits or more, from the system's random source.
        #expect(token.count >= 32 && token.allSatisfy(\.isHexDigit), "\(token)")
        let auth = ["Authorization": "Bearer \(token)"]
        server.documentHeaders = auth

        // The API: 401 without the token or with another, 200 with it.
        #expect(try server.request("GET", "/v1/templates", route: "/v1/templates").status == 401)
        #expect(try server.request("GET", "/v1/templates", headers: ["Authorization": "Bearer " + String(repeating: "0", count: 64)]).status == 401)
        let templates = try server.request("GET", "/v1/templates", route: "/v1/templates", headers: auth)
        #expect(templates.status == 200 && templates.text.contains("\"id\":\"tiny\""), "\(templates.text)")

        // The media roots, listed as a request names them.
        let roots = try server.request("GET", "/v1/media-roots", route: "/v1/media-roots", headers: auth)
        let files = ((roots.json["roots"] as? [[String: Any]])?.first?["files"] as? [[String: Any]]) ?? []
        #expect(
            files.map { $0["path"] as? String } == ["a.mp4", "b.mp4", "sub/c.mp4"] && files.allSatisfy { $0["kind"] as? String == "video" },
            "\(roots.text)")
        #expect(try server.request("GET", "/v1/media-roots").status == 401)

        // The page without a token: its types, its policy, no inline script, every module it imports.
        let page = try server.request("GET", "/")
        #expect(page.status == 200 && page.headers["content-type"] == "text/html; charset=utf-8")
        let policy = page.headers["content-security-policy"] ?? ""
        #expect(policy.hasPrefix("default-src 'self'") && !policy.contains("unsafe-inline"), "\(policy)")
        #expect(page.headers["x-content-type-options"] == "nosniff" && page.headers["referrer-policy"] == "no-referrer")
        let scripts = page.text.components(separatedBy: "<script").dropFirst()
        #expect(!scripts.isEmpty && scripts.allSatisfy { $0.hasPrefix(" type=\"module\" src=\"/studio/") }, "every script is a module from /studio/")
        #expect(page.text.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "no inline event handler")
        var modules: Set<String> = ["app.js"]
        var read: Set<String> = []
        while let name = modules.subtracting(read).first {
            read.insert(name)
            let module = try server.request("GET", "/studio/" + name)
            #expect(module.status == 200 && module.headers["content-type"] == "text/javascript; charset=utf-8", "\(name): \(module.status)")
            for match in module.text.matches(of: /from '\.\/([a-z]+\.js)'/) { modules.insert(String(match.1)) }
        }
        #expect(read.isSuperset(of: ["app.js", "api.js", "editor.js", "preview.js", "make.js", "exporter.js"]), "\(read)")
        #expect(try server.request("GET", "/studio/studio.css").headers["content-type"] == "text/css; charset=utf-8")

        // Nothing outside the page's folder: '..' refused as sent (curl would resolve it), unknown names not found.
        for path in ["/studio/../v1/templates", "/studio/%2e%2e/%2e%2e/etc/passwd", "/studio/..%2fPackage.swift"] {
            let r = try Tools.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--path-as-is", server.url + path], timeout: 30)
            #expect(r.stdout == "400", "\(path): \(r.stdout)")
        }
        #expect(try server.request("GET", "/studio/missing.js").status == 404)
        #expect(try server.request("POST", "/studio/app.js", json: "{}").status == 405)

        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(server.terminate() == 0)

        // A fresh token each start; an address other machines reach is refused.
        let again = try project.start()
        #expect(try self.token(of: again) != token)
        let wide = try Reel.run(["studio", project.template, "--listen", "0.0.0.0:0", "--data", project.data], timeout: 30)
        #expect(wide.status == 2 && wide.stderr.contains("this machine alone"), "\(wide.stderr)")
    }

    /// template.json with slot a's transition named `kind` (nil: the template as the project made it).
    static func template(_ project: Project, transition kind: String?) throws -> String {
        let text = try String(contentsOfFile: project.template + "/template.json", encoding: .utf8)
        guard let kind else { return text }
        return text.replacingOccurrences(
            of: #"{ "id": "a", "duration": 1 }"#, with: #"{ "id": "a", "duration": 1, "transition": { "kind": "\#(kind)", "duration": 0.5 } }"#)
    }

    @Test func authorModeChecksEachSaveWithinASecond() throws {
        let project = try Project()
        let original = try Self.template(project, transition: nil)
        let broken = try Self.template(project, transition: "crossfad")
        #expect(broken != original)
        let server = try project.start()
        let auth = ["Authorization": "Bearer \(try token(of: server))"]
        server.documentHeaders = auth
        let route = "/v1/templates/{id}/changes"
        let health = try server.request("GET", "/v1/health", route: "/v1/health")
        #expect(health.json["authoring"] as? String == "tiny", "\(health.text)")

        // At start: revision 1, valid; the contact sheet drawn into the cache.
        let first = try server.request("GET", "/v1/templates/tiny/changes", route: route, headers: auth)
        #expect(first.status == 200 && first.json["revision"] as? Int == 1 && first.json["valid"] as? Bool == true, "\(first.text)")
        #expect(
            try server.request("GET", "/v1/templates/tiny/contact-sheet.png", route: "/v1/templates/{id}/contact-sheet.png", headers: auth).status
                == 200)
        let sheet = project.data + "/cache/tiny.png"
        #expect(FileManager.default.fileExists(atPath: sheet))

        // A save by rename that breaks it: the long poll answers within a second with the finding, its place and its fix.
        let saved = Date()
        try FolderWatchTests.saveByRename(broken, to: project.template + "/template.json")
        let failing = try server.request("GET", "/v1/templates/tiny/changes?after=1", route: route, headers: auth)
        #expect(Date().timeIntervalSince(saved) < 1, "the finding came \(Date().timeIntervalSince(saved)) s after the save")
        #expect(failing.json["valid"] as? Bool == false, "\(failing.text)")
        let revision = failing.json["revision"] as? Int ?? 0
        #expect(revision > 1)
        let finding = (failing.json["diagnostics"] as? [[String: Any]] ?? []).first { $0["severity"] as? String == "error" } ?? [:]
        #expect(finding["line"] as? Int == 3 && (finding["column"] as? Int ?? 0) > 1, "\(failing.text)")
        #expect((finding["code"] as? String ?? "").hasPrefix("T") && (finding["fix"] as? String ?? "").contains("crossfade"), "\(failing.text)")
        // The old picture is gone, and the broken template has none.
        #expect(!FileManager.default.fileExists(atPath: sheet))
        #expect(try server.request("GET", "/v1/templates/tiny/contact-sheet.png", headers: auth).status == 422)

        // Fixed by a plain write: valid again within a second, and its picture drawn again.
        let fixedAt = Date()
        try original.write(toFile: project.template + "/template.json", atomically: false, encoding: .utf8)
        let fixed = try server.request("GET", "/v1/templates/tiny/changes?after=\(revision)", route: route, headers: auth)
        #expect(Date().timeIntervalSince(fixedAt) < 1, "valid again \(Date().timeIntervalSince(fixedAt)) s after the save")
        #expect(fixed.json["valid"] as? Bool == true && (fixed.json["revision"] as? Int ?? 0) > revision, "\(fixed.text)")
        #expect(try server.request("GET", "/v1/templates/tiny/contact-sheet.png", headers: auth).status == 200)
        #expect(FileManager.default.fileExists(atPath: sheet))

        // Asked with an older revision: at once. A bad revision or another template: refused.
        #expect(try server.request("GET", "/v1/templates/tiny/changes?after=0", route: route, headers: auth).json["valid"] as? Bool == true)
        #expect(try server.request("GET", "/v1/templates/tiny/changes?after=x", route: route, headers: auth).status == 400)
        #expect(try server.request("GET", "/v1/templates/other/changes", route: route, headers: auth).status == 404)
        #expect(try server.request("GET", "/v1/templates/tiny/changes").status == 401)

        // A poll waiting when the server is stopped is answered at once: the drain does not wait for it.
        let waiting = Thread { _ = try? server.request("GET", "/v1/templates/tiny/changes?after=99", headers: auth) }
        waiting.start()
        usleep(300_000)
        let check = try server.checkAgainstDocument(in: project.dir)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let stopping = Date()
        #expect(server.terminate() == 0)
        #expect(Date().timeIntervalSince(stopping) < 10)
    }

    @Test(.enabled(if: browserMissing == nil, "\(browserMissing ?? "")"))
    func thePageMakesEditsAndExportsInChromium() throws {
        let project = try Project()
        let server = try project.start()
        let token = try token(of: server)
        // Screenshots of each view, kept after the test (the gallery, the editor, the export).
        let shots = NSTemporaryDirectory() + "reel-studio-screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let driver = Reel.repositoryRoot + "/Tests/ReelServerTests/studio_browser.py"
        let run = try Tools.run("python3", [driver, server.firstLine, "tiny", "a.mp4", "b.mp4", shots], timeout: 300)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // A scrub shows the renderer's frame (compared with the server's drawing from the originals).
        #expect(run.stdout.contains("is the renderer's"), "\(run.stdout)")
        // The video the download link offers is the timeline's: its canvas and its two seconds.
        let render = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("studio: render ") }?.split(separator: " ").last)
        let video = try server.request("GET", "/v1/renders/\(render)/output", headers: ["Authorization": "Bearer \(token)"])
        #expect(video.status == 200)
        let file = project.dir.file("export.mp4")
        try video.body.write(to: URL(fileURLWithPath: file))
        let probe = try Tools.probe(file)
        #expect(probe.video?.width == 160 && probe.video?.height == 284)
        #expect(abs(probe.duration - 2) < 0.1, "\(probe.duration)")
    }

    @Test(.enabled(if: browserMissing == nil, "\(browserMissing ?? "")"))
    func authorModeShowsABrokenSaveInChromiumWithinASecond() throws {
        let project = try Project()
        let broken = project.dir.file("broken.json")
        try Self.template(project, transition: "crossfad").write(toFile: broken, atomically: true, encoding: .utf8)
        let server = try project.start()
        let shots = NSTemporaryDirectory() + "reel-studio-screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let driver = Reel.repositoryRoot + "/Tests/ReelServerTests/studio_browser.py"
        let run = try Tools.run("python3", [driver, "author", server.firstLine, project.template, broken, shots], timeout: 300)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
