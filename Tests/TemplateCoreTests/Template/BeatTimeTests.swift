import Foundation
import MediaTime
import Testing

@testable import TemplateFormat
@testable import TemplateResolver
@testable import TimelineModel

/// Times in beats wherever a template takes a time of the video: layer start and duration,
/// animation durations, keyframe times, transitions and the cover, resolved to exact frames.
@Suite struct BeatTimeTests {
    /// At 100 bpm a beat lasts 0.6 s, 18 frames at 30 fps: bar 3 of 4/4 starts on beat 8, at 4.8 s.
    static let json = """
        {
          "format": 1,
          "name": "Downbeat",
          "cover": "8 beats",
          "canvas": { "width": 1080, "height": 1920, "frameRate": "30" },
          "music": { "file": "music/track.m4a", "tempo": 100 },
          "slots": [
            { "id": "one", "duration": "4 beats", "transition": { "kind": "crossfade", "duration": "1 beat" },
              "motion": { "keyframes": [{ "at": 0, "scale": 1 }, { "at": "2 beats", "scale": 1.2 }, { "at": 1, "scale": 1.3 }] },
              "filters": [{ "kind": "brightness", "amount": [{ "at": 0, "value": 0 }, { "at": "1 beat", "value": 0.2 }] }] },
            { "id": "two", "duration": "4 beats" },
            { "id": "three", "duration": "4 beats" }
          ],
          "layers": [
            { "id": "star", "kind": "image", "file": "stickers/star.png", "start": "8 beats", "duration": "2 beats",
              "in": { "kind": "pop", "duration": "1 beat" }, "out": { "kind": "fade", "duration": "0.5 beats" },
              "motion": { "keyframes": [{ "at": 0, "scale": 0.5 }, { "at": "1 beat", "scale": 1 }] } },
            { "id": "title", "kind": "text", "text": "Bar one", "start": "1 beat", "out": { "kind": "fade", "duration": "2 beats" } }
          ],
          "grade": [{ "kind": "saturation", "amount": [{ "at": 0, "value": 1 }, { "at": "8 beats", "value": 0 }] }]
        }
        """

    static let files = ["music/track.m4a": "audio", "stickers/star.png": "png"]
    static let rate = FrameRate(30)

    static func load(_ json: String = BeatTimeTests.json) throws -> TemplateLoadResult {
        let fixture = try TemplateFixture(json: json, files: files)
        defer { fixture.remove() }
        return try fixture.load()
    }

    static func frame(_ n: Int64) -> RationalTime { rate.time(ofFrame: n) }

    @Test func beatsAreReadExactlyInLayersAnimationsAndKeyframes() throws {
        let result = try Self.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        let template = try #require(result.template)
        #expect(template.coverTime == seconds("4.8"))
        #expect(template.slots[0].transition?.duration == seconds("0.6"))
        let star = template.layers[0]
        #expect(star.start == seconds("4.8") && star.duration == seconds("1.2"))
        guard case .image(let image) = star.content else {
            Issue.record("not an image")
            return
        }
        #expect(image.animationIn?.duration == seconds("0.6"))
        #expect(image.animationOut?.duration == seconds("0.3"))
        guard case .keyframes(let poses) = image.motion else {
            Issue.record("no keyframes")
            return
        }
        #expect(poses.map(\.time) == [nil, seconds("0.6")])
        #expect(poses[1].at == 0.5, "the fraction orders keyframes and draws stills")
    }

    @Test func theStickerPopsOnTheDownbeatOfBarThree() throws {
        let template = try #require(try Self.load().template)
        let media = [video("a.mov", "10"), video("b.mov", "10"), video("c.mov", "10")]
        let timeline = try Resolver.resolve(template: template, templateFolder: "tpl", media: media).timeline
        // Beat 8 at 4.8 s is frame 144; two beats later, frame 180.
        let star = try #require(timeline.overlays.first)
        #expect(star.timelineRange == TimeRange(start: Self.frame(144), end: Self.frame(180)))
        #expect(star.animationIn == LayerAnimation(kind: "pop", duration: Self.frame(18)))
        #expect(star.animationOut == LayerAnimation(kind: "fade", duration: Self.frame(9)))
        #expect(star.motion.map(\.time) == [.zero, Self.frame(18)])
        // The title appears on beat 1 and fades out over the last two beats of the video (frame 216).
        let title = try #require(timeline.texts.first)
        #expect(title.timelineRange == TimeRange(start: Self.frame(18), end: Self.frame(216)))
        #expect(title.animationOut?.duration == Self.frame(36))
        // The slot's keyframe two beats in, its filter's one beat in; the crossfade one beat centred on the cut.
        #expect(timeline.clips[0].motion.map(\.time) == [.zero, Self.frame(36), Self.frame(72)])
        #expect(timeline.clips[0].filters[0].animation["amount"]?.map(\.time) == [.zero, Self.frame(18)])
        #expect(timeline.transitions.first?.range == TimeRange(start: Self.frame(63), end: Self.frame(81)))
        #expect(timeline.grade[0].animation["amount"]?.map(\.time) == [.zero, Self.frame(144)])
    }

    /// Off the frame grid, a keyframe at a beat keeps to the beat's exact time, not to the snapped start.
    @Test func aKeyframeKeepsToItsBeatWhenTheLayerStartIsSnapped() throws {
        let json = Self.json.replacingOccurrences(of: "\"frameRate\": \"30\"", with: "\"frameRate\": \"30000/1001\"")
        let template = try #require(try Self.load(json).template)
        let media = [video("a.mov", "10"), video("b.mov", "10"), video("c.mov", "10")]
        let timeline = try Resolver.resolve(template: template, templateFolder: "tpl", media: media).timeline
        let ntsc = FrameRate(numerator: 30000, denominator: 1001)
        // 4.8 s is 143.856 frames: the sticker starts on frame 144; its keyframe stays at 5.4 s.
        let star = try #require(timeline.overlays.first)
        #expect(star.timelineRange.start == ntsc.time(ofFrame: 144))
        #expect(star.motion.last.map { star.timelineRange.start + $0.time } == seconds("5.4"))
    }

    @Test func withAListOfBeatsTheyCountFromWhereTheItemIs() throws {
        // Beats every 0.5 s up to 2 s, then every 0.25 s.
        let json = Self.json.replacingOccurrences(
            of: "\"tempo\": 100", with: "\"beats\": [0, 0.5, 1, 1.5, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 3.75, 4]")
        let template = try #require(try Self.load(json).template)
        // Slots of 4 beats: 0...2 s, 2...3 s, 3...4 s. Beat 8 is at 3 s; two beats on, 3.5 s.
        #expect(template.slots.map(\.duration) == [seconds("2"), seconds("1"), seconds("1")])
        let star = template.layers[0]
        #expect(star.start == seconds("3") && star.duration == seconds("0.5"))
        guard case .image(let image) = star.content else {
            Issue.record("not an image")
            return
        }
        // The leaving half beat counts back from the layer's end at 3.5 s: 0.125 s.
        #expect(image.animationOut?.duration == seconds("0.125"))
        // The crossfade of one beat is centred on the cut at 2 s: half a beat of 0.5 s before, of 0.25 s after.
        #expect(template.slots[0].transition?.duration == seconds("0.375"))
        // The title lasts to the end (4 s); its two beats of fade end there: 3.5 s to 4 s.
        guard case .text(let title) = template.layers[1].content else {
            Issue.record("not a text")
            return
        }
        #expect(title.animationOut?.duration == seconds("0.5"))
    }

    @Test func beatsWithoutMusicAreAnErrorAtTheirPlace() throws {
        let json = Self.json.replacingOccurrences(of: "\"music\": { \"file\": \"music/track.m4a\", \"tempo\": 100 },", with: "")
        let diagnostics = try Self.load(json).diagnostics
        let places = diagnostics.filter { $0.code == .beatsNeeded }.compactMap { $0.location.path?.pointer }
        for place in ["/cover", "/slots/0/duration", "/layers/0/start", "/layers/0/duration", "/layers/0/in/duration"] {
            #expect(places.contains(place), "\(place) in \(places)")
        }
        let start = try #require(diagnostics.first { $0.location.path?.pointer == "/layers/0/start" })
        #expect(start.message == "layer start is 8 beats, but the music has no beats")
        #expect(start.notes.first == "add music with a \"tempo\" or a list of \"beats\"")
    }

    @Test func aKeyframeTimePastItsItemIsAnError() throws {
        let json = Self.json.replacingOccurrences(of: "{ \"at\": \"1 beat\", \"scale\": 1 }", with: "{ \"at\": \"3 beats\", \"scale\": 1 }")
        let d = try #require(try Self.load(json).diagnostics.first(.keyframeOrder))
        #expect(d.location.path?.pointer == "/layers/0/motion/keyframes/1/at")
        #expect(d.message == "keyframe at 3 beats (1.8s) is outside the layer (0s...1.2s)")
        let order = Self.json.replacingOccurrences(
            of: "{ \"at\": \"2 beats\", \"scale\": 1.2 }, { \"at\": 1, \"scale\": 1.3 }",
            with: "{ \"at\": 0.9, \"scale\": 1.2 }, { \"at\": \"2 beats\", \"scale\": 1.3 }")
        let late = try #require(try Self.load(order).diagnostics.first(.keyframeOrder))
        #expect(late.location.path?.pointer == "/slots/0/motion/keyframes/2/at")
    }

    @Test func musicTimesSayThatTheyAreSeconds() throws {
        let json = Self.json.replacingOccurrences(of: "\"tempo\": 100", with: "\"tempo\": 100, \"start\": \"4 beats\", \"fadeOut\": \"12f\"")
        let diagnostics = try Self.load(json).diagnostics
        let start = try #require(diagnostics.first { $0.location.path?.pointer == "/music/start" })
        #expect(start.code == .timeSyntax)
        #expect(start.message == "'4 beats' is in beats, but start is a time of the music file, in seconds")
        let fade = try #require(diagnostics.first { $0.location.path?.pointer == "/music/fadeOut" })
        #expect(fade.message == "'12f' is in frames, but fadeOut is a time of the music file, in seconds")
        // A broken start leaves the tempo usable: every time in beats is still read.
        #expect(diagnostics.count == 2, "\(diagnostics.rendered())")
    }
}
