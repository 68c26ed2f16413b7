import Foundation
import ReelTestSupport
import Testing

/// `scripts/install` puts reel, its manual page, its completions and the studio's page under PREFIX, and the manual
/// and completions are written from the commands' own help, so every command and option is in them.
@Suite struct InstallTests {
    @Test func installPutsTheBinaryManualAndCompletionsUnderThePrefix() throws {
        let dir = TemporaryFolder()
        let prefix = dir.file("prefix")
        let r = try Tools.run(
            Reel.repositoryRoot + "/scripts/install", ["--binary", Reel.path],
            environment: ProcessInfo.processInfo.environment.merging(["PREFIX": prefix]) { $1 }, timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        for file in [
            "bin/reel", "share/man/man1/reel.1", "share/bash-completion/completions/reel", "share/zsh/site-functions/_reel",
            "share/fish/vendor_completions.d/reel.fish", "share/reel/studio/index.html", "share/reel/studio/app.js",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) installed")
        }
        let version = try Tools.run(prefix + "/bin/reel", ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("reel "))
        // The installed reel finds its studio's page (then stops at the missing templates, exit 2, not 1).
        let studio = try Tools.run(prefix + "/bin/reel", ["studio", dir.file("none"), "--data", dir.file("data")], timeout: 30)
        #expect(studio.status == 2 && !studio.stderr.contains("not installed"), "\(studio.stderr)")
        // bash loads the completion and completes commands and options.
        let bash = try Tools.run(
            "/bin/bash",
            [
                "-c",
                """
                source "$0"; COMP_WORDS=(reel ed); COMP_CWORD=1; _reel; echo "${COMPREPLY[@]}"
                COMP_WORDS=(reel render --qu); COMP_CWORD=2; _reel; echo "${COMPREPLY[@]}"
                """, prefix + "/share/bash-completion/completions/reel",
            ])
        #expect(bash.stdout == "edit\n--quality --quiet\n", "\(bash.stdout) \(bash.stderr)")
        // The installed reel serve offers the shipped templates, started from any folder.
        let shipped = try FileManager.default.contentsOfDirectory(atPath: Reel.repositoryRoot + "/templates").filter {
            FileManager.default.fileExists(atPath: Reel.repositoryRoot + "/templates/\($0)/template.json")
        }
        #expect(try servedTemplateCount(reel: prefix + "/bin/reel", in: dir) == shipped.count)
    }

    /// How many templates `reel serve` offers when started in `dir` without --templates.
    func servedTemplateCount(reel: String, in dir: TemporaryFolder) throws -> Int? {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: reel)
        server.arguments = ["serve", "--data", dir.file("data"), "--listen", "127.0.0.1:0", "-q"]
        server.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let out = Pipe()
        server.standardOutput = out
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        let first = String(decoding: line, as: UTF8.self)
        guard let url = first.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines), url.hasPrefix("http") else {
            Issue.record("reel serve said \(first)")
            return nil
        }
        let health = try Tools.run("curl", ["-s", "--max-time", "10", url + "/v1/health"])
        let json = try JSONSerialization.jsonObject(with: Data(health.stdout.utf8)) as? [String: Any]
        return json?["templates"] as? Int
    }

    @Test func theManualNamesEveryCommandAndOption() throws {
        let page = try Reel.run(["manpage"])
        #expect(page.status == 0 && page.stdout.hasPrefix(".TH REEL 1"))
        for command in ["make", "resolve", "render", "edit", "export", "validate", "preview", "poster", "gallery", "probe", "beats", "catalog"] {
            #expect(page.stdout.contains(".SS reel \(command)\n"), "\(command) in the manual")
            let help = try Reel.run([command, "--help"])
            for line in help.stdout.split(separator: "\n") where line.hasPrefix("  --") || line.hasPrefix("  -") {
                let long = line.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) } ?? ""
                #expect(page.stdout.contains("\\-\\-\(long.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "--\(long) of \(command) in the manual")
            }
        }
        if (try? Tools.run("man", ["--version"]))?.status == 0 {
            let folder = TemporaryFolder()
            let file = folder.file("reel.1")
            try page.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let rendered = try Tools.run("man", ["-l", file], environment: ["MANWIDTH": "100", "PATH": "/usr/bin:/bin"])
            #expect(rendered.status == 0 && rendered.stdout.contains("EXIT STATUS"), "\(rendered.stderr)")
        }
        for shell in ["zsh", "fish"] {
            let text = try Reel.run(["completions", shell])
            #expect(text.status == 0 && text.stdout.contains("edit"), "\(shell)")
        }
    }
}
