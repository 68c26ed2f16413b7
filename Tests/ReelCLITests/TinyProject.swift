import Foundation
import ReelTestSupport
import Testing

/// A tiny template (two one-second slots), a media folder of one-second clips, and the timeline
/// `reel resolve` made of them: the project the safety and fault tests work on.
struct TinyProject {
    let dir = TemporaryFolder()
    let template: String
    let media: String
    let timeline: String

    init(clips: [(name: String, color: String)] = [("a.mp4", "red"), ("b.mp4", "blue")]) throws {
        template = try makeTemplate(in: dir)
        media = dir.file("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        for clip in clips { try TestMedia.colorClip(media + "/" + clip.name, color: clip.color, seconds: "1") }
        timeline = dir.file("t.json")
        let r = try Reel.run(["resolve", template, media, "-o", timeline, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// The names in `folder`, sorted.
    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
