import Foundation
import ReelTestSupport

/// A folder of templates holding the tiny template, a media root of two one-second clips and a
/// data folder: what the server tests serve.
struct ServeProject {
    let dir = TemporaryFolder("reel-serve")
    let templates: String
    let media: String
    let data: String

    init() throws {
        templates = dir.file("templates")
        media = dir.file("media")
        data = dir.file("data")
        for folder in [templates, media] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let folders = TemporaryFolder("reel-serve-template")
        let made = try makeTemplate(in: folders)
        try FileManager.default.copyItem(atPath: made, toPath: templates + "/tiny")
        try TestMedia.colorClip(media + "/a.mp4", color: "red", seconds: "1")
        try TestMedia.colorClip(media + "/b.mp4", color: "blue", seconds: "1")
    }

    /// The server on this project.
    func start(jobs: Int = 1, extra: [String] = [], log: String? = nil) throws -> ServerProcess {
        try ServerProcess(data: data, templates: [templates], mediaRoots: [media], jobs: jobs, extra: extra, log: log)
    }

    /// A render request of the tiny template with both clips.
    static let render = #"{"template": "tiny", "media": ["a.mp4", "b.mp4"], "options": {"quality": "draft"}}"#
}
