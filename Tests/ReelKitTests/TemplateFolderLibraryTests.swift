import Foundation
import MediaTime
import ReelKit
import ReelTestSupport
import Testing
import TimelineModel

/// Reading a timeline that names its template folder confines the folder, so that a file of it
/// swapped for a link leading out after the timeline was read is refused when the render opens it.
@Suite struct TemplateFolderLibraryTests {
    @Test func aLinkSwappedInDuringTheRenderIsRefusedAtOpen() throws {
        let dir = TemporaryFolder()
        // A folder no template was ever loaded from in this process: only the timeline confines it.
        let folder = dir.file("made-from")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestMedia.tone(folder + "/music.m4a", seconds: "2")
        try TestMedia.tone(dir.file("evil.m4a"), seconds: "2")
        try TestMedia.jpeg(dir.file("photo.jpg"), color: "green")
        let second = TimeRange(start: .zero, duration: RationalTime(seconds: 1))
        let made = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: RationalTime(seconds: 1),
            clips: [VideoClip(id: "a", media: dir.file("photo.jpg"), kind: .image, timelineRange: second, sourceRange: second)],
            audio: [AudioClip(id: "music", media: folder + "/music.m4a", timelineRange: second)], template: folder)
        let path = dir.file("t.json")
        try Pipeline.writeTimeline(made, to: path)
        let timeline = try Pipeline.readTimeline(path)
        #expect(timeline.template == folder)

        try FileManager.default.removeItem(atPath: folder + "/music.m4a")
        try FileManager.default.createSymbolicLink(atPath: folder + "/music.m4a", withDestinationPath: "../evil.m4a")
        let out = dir.file("out.mp4")
        do {
            try Pipeline.render(timeline, to: out)
            Issue.record("rendered through a link that leaves the template folder")
        } catch {
            #expect(error.description.contains("outside its template folder"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // Read again, the link is a problem of the timeline (L040).
        do {
            _ = try Pipeline.readTimeline(path)
            Issue.record("read a timeline whose template file leads out")
        } catch {
            guard case .invalidTimeline(let e) = error else { throw error }
            #expect(e.codes == [.templateFileOutside], "\(e)")
        }
    }
}
