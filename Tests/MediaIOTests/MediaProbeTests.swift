import FileAccess
import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import Testing

@Suite struct MediaProbeTests {
    @Test func probesVideoWithAudio() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, width: 320, height: 180, seconds: "2", rate: "30", tone: true)
        let info = try MediaProbe.probe(clip)
        #expect(!info.isStillImage)
        #expect(info.video?.codec == "h264")
        #expect(info.video?.codedWidth == 320 && info.video?.codedHeight == 180)
        #expect(info.video?.frameRate == FrameRate(30))
        #expect(info.video?.rotation == 0)
        #expect(info.video?.pixelFormat == "yuv420p")
        #expect(info.hasAudio)
        #expect(info.audio.first?.sampleRate == 48000)
        let d = try #require(info.duration)
        #expect(abs(d.seconds - 2) < 0.05)
    }

    /// A file opened and checked is probed through that descriptor, not opened again by name:
    /// a photo renamed over the clip afterwards is not what is probed.
    @Test func anOpenedFileIsProbedThroughItsDescriptor() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, seconds: "1")
        let photo = dir.file("photo.jpg")
        try TestMedia.jpeg(photo)
        let opened = try ReadableFile(path: clip)
        #expect(rename(photo, clip) == 0)
        #expect(try MediaProbe.probe(opened).isStillImage == false, "the clip that was opened")
        #expect(try MediaProbe.probe(clip).isStillImage == true, "the photo now at its name")
    }

    @Test func readsDisplayMatrixRotation() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("rotated.mp4")
        try TestMedia.colorClip(clip, width: 320, height: 180, rotate: 90)
        let v = try #require(try MediaProbe.probe(clip).video)
        #expect(v.rotation == 90)
        #expect(v.displayWidth == 180 && v.displayHeight == 320)
    }

    @Test func readsExifOrientationOfJPEG() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("photo.jpg")
        try TestMedia.jpeg(photo, width: 320, height: 180, exifOrientation: 6)
        let info = try MediaProbe.probe(photo)
        #expect(info.isStillImage)
        #expect(info.duration == nil)
        #expect(info.video?.rotation == 90)
        #expect(info.video?.displayWidth == 180)
    }

    @Test func probesPNGWithAlphaAndWebP() throws {
        let dir = TemporaryFolder()
        let png = dir.file("a.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red@0.5:s=64x48,format=rgba", "-frames:v", "1", png])
        let p = try MediaProbe.probe(png)
        #expect(p.isStillImage)
        #expect(p.video?.pixelFormat == "rgba")
        let webp = dir.file("a.webp")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=green:s=64x48", "-frames:v", "1", "-c:v", "webp", webp])
        let w = try MediaProbe.probe(webp)
        #expect(w.isStillImage)
        #expect(w.video?.codedWidth == 64)
        let frame = try StillImage.load(webp)
        #expect(frame.width == 64 && frame.height == 48)
    }

    @Test func readsCreationTime() throws {
        let dir = TemporaryFolder()
        let plain = dir.file("plain.mp4")
        let tagged = dir.file("tagged.mp4")
        try TestMedia.colorClip(plain)
        try Tools.ffmpeg(["-i", plain, "-c", "copy", "-metadata", "creation_time=2026-05-01T10:20:30Z", tagged])
        #expect(try MediaProbe.probe(tagged).creationTime?.hasPrefix("2026-05-01T10:20:30") == true)
    }

    @Test func missingFileIsNotFound() {
        #expect(throws: FileAccessError.self) { try MediaProbe.probe("/nonexistent/clip.mp4") }
        do {
            _ = try MediaProbe.probe("/nonexistent/clip.mp4")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.description.contains("/nonexistent/clip.mp4"))
        }
    }

    @Test func textFileIsNotMedia() throws {
        let dir = TemporaryFolder()
        let text = dir.file("notes.mp4")
        try "just some words, not a video\n".write(toFile: text, atomically: true, encoding: .utf8)
        do {
            _ = try MediaProbe.probe(text)
            Issue.record("a text file probed as media")
        } catch {
            #expect(error.kind == .notMedia)
        }
    }

    @Test func truncatedMP4IsAnError() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("clip.mp4")
        let cut = dir.file("cut.mp4")
        try TestMedia.colorClip(clip, seconds: "2")
        try TestMedia.truncate(clip, to: cut, fraction: 0.5)
        #expect(throws: FileAccessError.self) {
            let info = try MediaProbe.probe(cut)
            _ = try VideoDecoder(path: cut).frame(at: info.duration ?? .zero)
        }
    }
}
