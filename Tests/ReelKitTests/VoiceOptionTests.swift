import Foundation
import MediaTime
import ReelKit
import ReelTestSupport
import TemplateFormat
import TemplateResolver
import Testing

/// The voice-over as a pipeline option: its length is probed from its file, a file without sound
/// is a typed error, and an output may not replace it.
@Suite struct VoiceOptionTests {
    @Test func theVoiceIsProbedPlacedAndGuarded() throws {
        let p = try LibraryTests.Project()
        let loaded = try Pipeline.loadTemplate(p.template)
        let media = try Pipeline.gatherMedia([p.media], for: loaded.template)
        let voice = p.dir.file("talk.m4a")
        try TestMedia.tone(voice, seconds: "3", frequency: 880)
        var options = ResolveOptions()
        options.voice = VoiceInput(path: voice, duration: nil)
        let resolution = try Pipeline.resolve(loaded, media: media, options: options)
        let placed = try #require(resolution.timeline.audio.first { $0.role == .voice })
        #expect(placed.timelineRange.duration == RationalTime(seconds: 2), "cut at the video's end")
        #expect(placed.fadeOut == VoiceSpec.cutFade)
        #expect(resolution.timeline.audio.first { $0.role == .music }?.ducking == .standard)
        #expect(resolution.summary.last?.hasPrefix("voice <- talk.m4a 00:00.00-00:02.00 at 00:00.00, cut at the video's end") == true)

        let picture = p.dir.file("still.jpg")
        try TestMedia.jpeg(picture)
        options.voice = VoiceInput(path: picture, duration: nil)
        #expect(throws: ReelError.self) { try Pipeline.resolve(loaded, media: media, options: options) }

        var request = MakeRequest(template: p.template, media: [p.media], output: voice)
        request.resolve.voice = VoiceInput(path: voice, duration: nil)
        #expect(throws: ReelError.self) { try Pipeline.make(request) }
        #expect(FileManager.default.fileExists(atPath: voice))
    }
}
