import Foundation
import ReelKit
import ReelTestSupport
import RenderCore
import Testing

/// `MakeRequest.song`: the library makes a video over a person's song as `reel make --music` does.
@Suite struct SongLibraryTests {
    @Test func makeTimesBeatSlotsToTheSongAndReportsThePartUsed() throws {
        let dir = TemporaryFolder()
        let template = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try TestMedia.tone(template + "/music.m4a", seconds: "6")
        try """
        { "format": 1, "name": "Song", "canvas": { "width": 64, "height": 64, "frameRate": "25" },
          "music": { "file": "music.m4a", "tempo": 120 },
          "slots": [{ "id": "a", "duration": "4 beats" }, { "id": "b", "duration": 1 }] }
        """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        let media = dir.file("a.mp4")
        try TestMedia.colorClip(media, color: "red", seconds: "4")
        let song = dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 100, seconds: 16, firstBeat: 0.5)
        let out = dir.file("out.mp4")
        let request = MakeRequest(template: template, media: [media], output: out, song: SongRequest(path: song, start: .at(.zero)))
        let result = try Pipeline.make(request)
        let use = try #require(result.resolution.song)
        #expect(use.choice.retimed && use.choice.start.seconds > 0.45 && use.choice.start.seconds < 0.55, "\(use)")
        // 4 beats at 100 bpm (2.4 s, on the frame grid at 25 fps) then the 1 s the template writes.
        let clips = result.resolution.timeline.clips
        #expect(abs(clips[0].timelineRange.duration.seconds - 2.4) < 0.05 && clips[1].timelineRange.duration.seconds == 1)
        #expect(clips[0].beats?.seconds == 4 && clips[1].beats == nil)
        #expect(result.resolution.timeline.audio.first?.media == song)
        #expect(try Tools.probe(out).video?.frames == Int(result.resolution.timeline.frameCount))
    }

    @Test func aTemplateInSecondsKeepsItsTimesAndStillLandsOnTheStrongestStretch() throws {
        let dir = TemporaryFolder()
        let template = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try TestMedia.tone(template + "/music.m4a", seconds: "6")
        try """
        { "format": 1, "name": "Seconds", "canvas": { "width": 64, "height": 64, "frameRate": "25" },
          "music": { "file": "music.m4a", "tempo": 120 }, "slots": [{ "id": "a", "duration": 1.6 }, { "id": "b", "duration": 1 }] }
        """.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        let media = dir.file("a.jpg")
        try TestMedia.jpeg(media)
        let song = dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 120, seconds: 30, firstBeat: 0.5, quietUntil: 16.5)
        let loaded = try Pipeline.loadTemplate(template)
        let fitted = try Pipeline.fitSong(SongRequest(path: song), to: loaded)
        let resolution = try Pipeline.resolve(fitted, media: try Pipeline.gatherMedia([media], for: fitted.loaded.template))
        #expect(resolution.timeline.clips.map(\.timelineRange.duration.seconds) == [1.6, 1])
        let use = try #require(resolution.song)
        #expect(!use.choice.retimed && !use.summary.contains("cuts on its beats") && use.choice.start.seconds > 16.4, "\(use.summary)")
        #expect(resolution.timeline.music.map { !$0.beats.isEmpty && $0.songStart == use.choice.start } == true)
    }
}
