import Foundation
import ReelTestSupport
import Testing

/// `reel export --otio` read back by the `opentimelineio` package from PyPI (scripts/test installs
/// it), one item kind at a time: a clip slowed to fit, a freeze, a loop, slow motion, a reversed
/// clip, dips to black and white, a crossfade, two texts at once, the canvas colour, the music and
/// its beat and bar markers. Every media reference has the probed length of its file as its
/// available range, and the media each clip plays (its source range scaled by its time warp)
/// lies within it.
@Suite struct OTIOExportTests {
    /// Checks ranges against available ranges and prints one line per item, for the test to match.
    static let reader = """
        import sys, opentimelineio as otio
        t = otio.adapters.read_from_file(sys.argv[1])
        def f(x): return round(x.value_rescaled_to(25), 3)
        bad = []
        for track in t.tracks:
            print("track", track.name, track.kind, f(track.duration()))
            for item in track:
                if isinstance(item, otio.schema.Transition):
                    print("transition", item.name, item.transition_type, f(item.in_offset), f(item.out_offset), item.metadata["reel"].get("color", "-"))
                    continue
                if not isinstance(item, otio.schema.Clip):
                    continue
                ref = item.media_reference
                r = track.range_of_child(item)
                scalar = 1.0
                for e in item.effects:
                    if isinstance(e, otio.schema.FreezeFrame): scalar = 0.0
                    elif isinstance(e, otio.schema.LinearTimeWarp): scalar *= e.time_scalar
                if isinstance(ref, otio.schema.GeneratorReference):
                    print("generator", track.name, ref.generator_kind, ref.parameters.get("text", ref.parameters.get("color")), f(r.start_time), f(r.duration_value if False else r.duration))
                    continue
                a = ref.available_range
                s = item.source_range
                used = 1.0 if scalar == 0 else f(s.duration) * abs(scalar)
                start, end = f(s.start_time), f(s.start_time) + used
                if a is None or start < f(a.start_time) - 1e-6 or end > f(a.end_time_exclusive()) + 1e-6:
                    bad.append((item.name, start, end, None if a is None else f(a.duration)))
                print("clip", item.name, f(r.start_time), f(r.duration), start, round(scalar, 4), None if a is None else f(a.duration))
        for m in t.tracks.markers:
            print("marker", m.color, m.name, f(m.marked_range.start_time))
        print("duration", f(t.duration()))
        print("outside", bad)
        """

    @Test func everyItemKindReadsBackWithinItsMedia() throws {
        let dir = TemporaryFolder()
        let template = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try TestMedia.tone(template + "/music.m4a", seconds: "20")
        let json = """
            { "format": 1, "name": "Kinds", "canvas": { "width": 160, "height": 284, "frameRate": "25", "background": "#102030" },
              "music": { "file": "music.m4a", "tempo": 120 },
              "slots": [
                { "id": "fit", "accepts": "video", "duration": 3, "whenShorter": "speedFit", "minSpeed": 0.5 },
                { "id": "freeze", "accepts": "video", "duration": 3, "whenShorter": "freeze", "transition": { "kind": "dipToBlack", "duration": 0.4 } },
                { "id": "loop", "accepts": "video", "duration": 5, "whenShorter": "loop", "transition": { "kind": "dipToWhite", "duration": 0.4 } },
                { "id": "slow", "accepts": "video", "duration": 2, "speed": 0.5, "transition": { "kind": "crossfade", "duration": 0.4 } },
                { "id": "plain", "accepts": "video", "duration": 1, "volume": 1 }],
              "layers": [
                { "id": "title", "kind": "text", "key": "title", "text": "Hello", "size": 30, "start": 0, "duration": 2 },
                { "id": "caption", "kind": "text", "key": "caption", "text": "World", "size": 20, "start": 1, "duration": 2 }] }
            """
        try json.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
        var media: [String] = []
        for (name, seconds) in [("1-fit", "2"), ("2-freeze", "2"), ("3-loop", "2"), ("4-slow", "4"), ("5-plain", "3")] {
            media.append(dir.file("\(name).mp4"))
            try TestMedia.colorClip(media.last ?? "", color: "teal", width: 160, height: 284, seconds: seconds, rate: "25", tone: true)
        }
        let timeline = dir.file("t.json")
        let r = try Reel.run(["resolve", template] + media + ["-o", timeline, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let reversed = try Reel.run(["edit", timeline, "reverse", "plain"])
        #expect(reversed.status == 0, "\(reversed.stderr)")
        // Bars of four beats, as an analysed song gives them (the template's tempo gives beats only).
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
        var music = try #require(document["music"] as? [String: Any])
        let beats = try #require(music["beats"] as? [String])
        music["downbeats"] = stride(from: 0, to: beats.count, by: 4).map { beats[$0] }
        document["music"] = music
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: timeline))

        let otio = dir.file("t.otio")
        let e = try Reel.run(["export", timeline, "--otio", otio])
        #expect(e.status == 0, "\(e.stderr)")
        let out = try Tools.run("python3", ["-c", Self.reader, otio])
        guard out.status == 0 else {
            Issue.record("python3 failed (scripts/test installs opentimelineio from PyPI): \(out.stderr)")
            return
        }
        let lines = Set(out.stdout.split(separator: "\n").map(String.init))
        func has(_ line: String) { #expect(lines.contains(line), "no '\(line)' in:\n\(out.stdout)") }
        has("outside []")
        has("duration 350.0")
        // The canvas colour under everything; the main track as long as the video.
        has("track Background Video 350.0")
        has("generator Background SolidColor #102030 0.0 350.0")
        has("track V1 Video 350.0")
        // 2 s slowed to fill 3 s: 75 frames playing 50 of the 50 the file has.
        has("clip fit 0.0 75.0 0.0 0.6667 50.0")
        // A freeze: the 2 s file plays, then its last frame (frame 49) holds for 1 s.
        has("clip freeze 75.0 50.0 0.0 1.0 50.0")
        has("clip freeze (held) 125.0 25.0 49.0 0.0 50.0")
        // A loop of 5 s over a 2 s file: three passes from its start.
        has("clip loop 150.0 50.0 0.0 1.0 50.0")
        has("clip loop (pass 2) 200.0 50.0 0.0 1.0 50.0")
        has("clip loop (pass 3) 250.0 25.0 0.0 1.0 50.0")
        // Slow motion: 50 frames on the timeline play 25 of the file's.
        #expect(lines.contains { $0.hasPrefix("clip slow 275.0 50.0 ") && $0.hasSuffix(" 0.5 100.0") }, "\(out.stdout)")
        // Reversed: a negative scalar.
        #expect(lines.contains { $0.hasPrefix("clip plain 325.0 25.0 ") && $0.hasSuffix(" -1.0 75.0") }, "\(out.stdout)")
        // Its sound, heard, on a track of its own, reversed too.
        has("track A2 clip sound Audio 350.0")
        #expect(lines.contains { $0.hasPrefix("clip plain 325.0 25.0 ") && $0.hasSuffix(" -1.0 75.0") }, "\(out.stdout)")
        #expect(out.stdout.split(separator: "\n").filter { $0.hasPrefix("clip plain ") }.count == 2, "the picture and the sound")
        // Dips carry their colour; only the crossfade is a dissolve.
        has("transition dipToBlack Custom_Transition 5.0 5.0 #000000")
        has("transition dipToWhite Custom_Transition 5.0 5.0 #ffffff")
        has("transition crossfade SMPTE_Dissolve 5.0 5.0 -")
        // Two texts at once: two tracks of Text generators, at their times.
        has("generator V2 text Text Hello 0.0 50.0")
        has("generator V3 text Text World 25.0 50.0")
        // The music, its file's 20 s as its available range.
        #expect(lines.contains { $0.hasPrefix("clip music 0.0 350.0 0.0 1.0 500.0") }, "\(out.stdout)")
        // Beats every half second; a bar every four.
        has("marker GREEN bar 1 0.0")
        has("marker YELLOW bar 1 beat 2 12.5")
        has("marker GREEN bar 2 50.0")
        #expect(lines.filter { $0.hasPrefix("marker ") }.count == beats.count, "one marker per beat")
    }
}
