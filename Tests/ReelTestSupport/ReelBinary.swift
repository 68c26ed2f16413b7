import Foundation

/// The built `reel` executable, found beside the test bundle (`swift build` puts both in one folder).
public enum Reel {
    public static var path: String {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // The runner may sit inside a bundle folder (`*.xctest/...`): walk up to the build folder.
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("reel").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("reel").path
    }

    /// Runs `reel`; a run that outlives `timeout` seconds is killed (exit status 9 by signal).
    public static func run(_ arguments: [String], timeout: Double = 300, environment extra: [String: String] = [:]) throws -> Tools.Output {
        let environment = extra.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(extra) { $1 }
        return try Tools.run(path, arguments, environment: environment, timeout: timeout)
    }

    /// The repository's root, for shipped templates and sample media.
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}

/// A tiny valid template: two slots, a tone for music.
public func makeTemplate(in dir: TemporaryFolder, name: String = "tiny", slots: [(String, String)] = [("a", "1"), ("b", "1")]) throws -> String {
    let folder = dir.file(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try TestMedia.tone((folder as NSString).appendingPathComponent("music.m4a"), seconds: "4")
    let slotText = slots.map { "{ \"id\": \"\($0.0)\", \"duration\": \($0.1) }" }.joined(separator: ", ")
    let json = """
        { "format": 1, "name": "Tiny", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
          "music": { "file": "music.m4a", "fadeOut": 0.5 }, "slots": [\(slotText)] }
        """
    try json.write(toFile: (folder as NSString).appendingPathComponent("template.json"), atomically: true, encoding: .utf8)
    return folder
}
