import Foundation
import ReelTestSupport
import Testing

/// `reel probe`, as a script would use it, checked against ffprobe's own reading of the files.
@Suite struct ProbeCommandTests {
    @Test func jsonGivesTheFactsFfprobeFinds() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("turned.mp4")
        let photo = dir.file("photo.jpg")
        try TestMedia.colorClip(clip, width: 320, height: 180, seconds: "1", rotate: 90, tone: true)
        try TestMedia.jpeg(photo, width: 320, height: 180)
        let r = try Reel.run(["probe", clip, photo, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.count == 2)

        let reference = try Tools.probe(clip)
        let ffVideo = try #require(reference.video)
        let ffAudio = try #require(reference.audio)
        let video = try #require(files[0]["video"] as? [String: Any])
        #expect(files[0]["kind"] as? String == "video")
        // Stored 320x180 and turned a quarter: shown 180x320.
        #expect(video["codedWidth"] as? Int == ffVideo.width && video["codedHeight"] as? Int == ffVideo.height)
        #expect(video["width"] as? Int == 180 && video["height"] as? Int == 320)
        #expect(video["rotation"] as? Int == 90)
        #expect(video["frameRate"] as? String == "30")
        #expect(video["dynamicRange"] as? String == "sdr")
        let seconds = try #require(files[0]["durationSeconds"] as? Double)
        #expect(abs(seconds - reference.duration) < 0.05, "\(seconds) against ffprobe's \(reference.duration)")
        let audio = try #require((files[0]["audio"] as? [[String: Any]])?.first)
        #expect(audio["sampleRate"] as? Int == Int(ffAudio["sample_rate"] as? String ?? ""))
        #expect(audio["channels"] as? Int == ffAudio["channels"] as? Int)

        #expect(files[1]["kind"] as? String == "picture")
        #expect((files[1]["video"] as? [String: Any])?["width"] as? Int == 320)
        #expect(files[1]["duration"] == nil, "a picture has no duration")
    }

    @Test func textIsOneLinePerFileAndBadFormatIsAUsageError() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("clip.mp4")
        try TestMedia.colorClip(clip, width: 320, height: 180, seconds: "1")
        let r = try Reel.run(["probe", clip])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 1)
        #expect(r.stdout.contains("video 320x180 30 fps h264"), "\(r.stdout)")
        let bad = try Reel.run(["probe", clip, "--format", "xml"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--format takes text or json"))
    }
}
