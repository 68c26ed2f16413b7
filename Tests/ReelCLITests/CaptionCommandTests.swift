import Foundation
import ReelTestSupport
import Testing

/// Captions from subtitle files, burnt in by `make`: timing to the frame, karaoke word by word,
/// and the file's bad cues reported with their lines.
@Suite struct CaptionCommandTests {
    /// A template of one slot of `seconds` on a 160x284 canvas at 25 fps, and a black clip for it.
    func project(in dir: TemporaryFolder, seconds: Int = 4, layers: String = "[]") throws -> (template: String, clip: String) {
        let folder = dir.file("t")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json = """
            { "format": 1, "name": "Captions", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
              "slots": [{ "id": "a", "duration": \(seconds) }], "layers": \(layers) }
            """
        try json.write(toFile: (folder as NSString).appendingPathComponent("template.json"), atomically: true, encoding: .utf8)
        let clip = dir.file("black.mp4")
        try TestMedia.colorClip(clip, color: "black", width: 160, height: 284, seconds: "\(seconds)", rate: "25")
        return (folder, clip)
    }

    /// Pixels brighter than 128 (the words, white on black) in rows `rows`.
    func textPixels(_ frame: RGBFrame, rows: Range<Int>) -> Int {
        var n = 0
        for y in rows {
            for x in 0..<frame.width where frame.pixel(x, y).g > 128 { n += 1 }
        }
        return n
    }

    /// Frames of `frames` (indices) that are within one frame of a boundary of `ranges`.
    func nearBoundary(_ frame: Int, _ ranges: [Range<Int>]) -> Bool {
        ranges.contains { abs(frame - $0.lowerBound) <= 1 || abs(frame - $0.upperBound) <= 1 }
    }

    @Test func threeCuesShowOnTheirFramesAlone() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir)
        let srt = dir.file("talk.srt")
        try """
        1
        00:00:00,500 --> 00:00:01,000
        Hello world

        2
        00:00:01,500 --> 00:00:02,200
        The <i>second</i> cue

        3
        00:00:03,000 --> 00:00:03,600
        Third
        """.write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let timeline = dir.file("t.json")
        let r = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--captions", srt, "--timeline", timeline])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("warning"), "\(r.stderr)")
        // At 25 fps a cue shows on the frames whose time lies in it: [0.5 s, 1 s) is 13..<25.
        let cues = [13..<25, 38..<55, 75..<90]
        let frames = try Tools.rgbFrames(out)
        #expect(frames.count == 100)
        for (i, frame) in frames.enumerated() where !nearBoundary(i, cues) {
            let ink = textPixels(frame, rows: 0..<frame.height)
            if cues.contains(where: { $0.contains(i) }) {
                #expect(ink > 20, "frame \(i) shows its cue: \(ink) pixels")
            } else {
                #expect(ink == 0, "frame \(i) shows no caption: \(ink) pixels")
            }
        }
        // The captions are timeline texts: an edit fixes a word.
        let text = try String(contentsOfFile: timeline, encoding: .utf8)
        #expect(text.contains("\"id\": \"caption-2\"") && text.contains("The second cue"))
        let e = try Reel.run(["edit", timeline, "text", "caption-2", "The 2nd cue"])
        #expect(e.status == 0, "\(e.stderr)")
        #expect(try String(contentsOfFile: timeline, encoding: .utf8).contains("The 2nd cue"))
    }

    /// `--soft-captions` also carries the cues as a `mov_text` stream, read back by ffmpeg with
    /// each cue's text and times (frame-exact at 25 fps), a karaoke cue once, whole.
    @Test(arguments: ["plain", "karaoke", "pop"]) func softCaptionsCarryTheCuesAsASubtitleStream(style: String) throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, seconds: 3)
        let srt = dir.file("talk.srt")
        try "1\r\n00:00:00,200 --> 00:00:01,000\r\nHello there\r\n\r\n2\r\n00:00:01,200 --> 00:00:02,520\r\nSecond line\r\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.file("soft.mp4")
        let r = try Reel.run(
            ["make", p.template, p.clip, "-o", out, "-q", "--quality", "draft", "--captions", srt, "--caption-style", style, "--soft-captions"])
        #expect(r.status == 0, "\(r.stderr)")
        let streams = try Tools.probe(out).streams.compactMap { $0["codec_name"] as? String }
        #expect(streams.contains("mov_text"), "\(streams)")
        let read = try Tools.run("ffmpeg", ["-v", "error", "-i", out, "-map", "0:s:0", "-f", "srt", "-"])
        #expect(read.status == 0, "\(read.stderr)")
        let text = read.stdout.replacingOccurrences(of: "\r", with: "")
        #expect(text.contains("00:00:00,200 --> 00:00:01,000"), "\(text)")
        #expect(text.contains("00:00:01,200 --> 00:00:02,520"), "\(text)")
        #expect(text.contains("Hello there") && text.contains("Second line"), "\(text)")
        #expect(text.components(separatedBy: "Hello there").count == 2, "one cue, not one per word: \(text)")
        let plain = dir.file("plain.mp4")
        #expect(try Reel.run(["make", p.template, p.clip, "-o", plain, "-q", "--quality", "draft", "--captions", srt]).status == 0)
        #expect(!(try Tools.probe(plain).streams.contains { $0["codec_type"] as? String == "subtitle" }), "burnt in only, without the option")
    }

    /// A video rendered in segments and joined carries the same subtitle stream as one render.
    @Test func joinedSegmentsCarryTheSoftCaptions() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, seconds: 3)
        let srt = dir.file("talk.srt")
        try "1\n00:00:00,200 --> 00:00:01,000\nHello there\n\n2\n00:00:01,600 --> 00:00:02,520\nSecond line\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let timeline = dir.file("t.json")
        #expect(try Reel.run(["resolve", p.template, p.clip, "-o", timeline, "-q", "--captions", srt]).status == 0)
        let parts = try (0..<2).map { k in
            let part = dir.file("part-\(k).mp4")
            let r = try Reel.run(["render", timeline, "--segment", "\(k)/2", "-o", part, "-q", "--quality", "draft"])
            #expect(r.status == 0, "\(r.stderr)")
            return part
        }
        let joined = dir.file("joined.mp4")
        let r = try Reel.run(["join"] + parts + ["--timeline", timeline, "-o", joined, "-q", "--soft-captions"])
        #expect(r.status == 0, "\(r.stderr)")
        let read = try Tools.run("ffmpeg", ["-v", "error", "-i", joined, "-map", "0:s:0", "-f", "srt", "-"])
        #expect(read.status == 0, "\(read.stderr)")
        let text = read.stdout.replacingOccurrences(of: "\r", with: "")
        #expect(text.contains("00:00:00,200 --> 00:00:01,000") && text.contains("Hello there"), "\(text)")
        #expect(text.contains("00:00:01,600 --> 00:00:02,520") && text.contains("Second line"), "\(text)")
        let plain = dir.file("plain.mp4")
        #expect(try Reel.run(["join"] + parts + ["--timeline", timeline, "-o", plain, "-q"]).status == 0)
        #expect(!(try Tools.probe(plain).streams.contains { $0["codec_type"] as? String == "subtitle" }), "only when asked")
    }

    @Test func karaokeLightsEachWordAtItsTime() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, seconds: 2)
        let vtt = dir.file("talk.vtt")
        try """
        WEBVTT

        00:00.000 --> 00:02.000
        One <00:00.500>two <00:01.000>three <00:01.500>four
        """.write(toFile: vtt, atomically: true, encoding: .utf8)
        let out = dir.file("k.mp4")
        let r = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--captions", vtt, "--caption-style", "karaoke"])
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try Tools.rgbFrames(out)
        #expect(frames.count == 50)
        // The lit word is yellow: its horizontal centre, frame by frame.
        func litCentre(_ frame: RGBFrame) -> Double? {
            var (sum, n) = (0, 0)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let c = frame.pixel(x, y)
                    if c.r > 150, c.g > 110, c.b < 80 { (sum, n) = (sum + x, n + 1) }
                }
            }
            return n > 10 ? Double(sum) / Double(n) : nil
        }
        let centres = frames.map(litCentre)
        // Words start at 0, 0.5, 1 and 1.5 s: frames 0, 13, 25 and 38 (12.5 and 37.5 rounded up).
        let words = [0..<13, 13..<25, 25..<38, 38..<50]
        var previous = -1.0
        for (w, range) in words.enumerated() {
            let inside = range.dropFirst().dropLast().compactMap { centres[$0] }
            #expect(inside.count == range.count - 2, "word \(w + 1) is lit on every frame of its time")
            guard let first = inside.first else { continue }
            #expect(inside.allSatisfy { abs($0 - first) < 3 }, "word \(w + 1) stays put: \(inside)")
            #expect(first > previous + 10, "word \(w + 1) lies right of word \(w): \(first) after \(previous)")
            previous = first
        }
    }

    @Test func badCuesAreReportedWithTheirLinesAndTheGoodOnesRender() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, seconds: 2)
        let srt = dir.file("bad.srt")
        try
            "\u{feff}1\r\n00:00:00,000 --> 00:00:01,000\r\nGood\r\n\r\n2\r\n00:00:01,x00 --> 00:00:01,500\r\nBad time\r\n\r\n3\r\n00:00:05,000 --> 00:00:06,000\r\nToo late\r\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--captions", srt])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("bad.srt:6: warning[C002]"), "\(r.stderr)")
        #expect(r.stderr.contains("bad.srt:10: warning[C006]"), "\(r.stderr)")
        let frames = try Tools.rgbFrames(out)
        #expect(textPixels(frames[10], rows: 0..<frames[10].height) > 20, "the good cue shows")
        #expect(textPixels(frames[40], rows: 0..<frames[40].height) == 0)
        let strict = try Reel.run(["make", "--strict", p.template, p.clip, "-o", dir.file("s.mp4"), "--quality", "draft", "--captions", srt])
        #expect(strict.status != 0, "--strict fails on cues left out: \(strict.stderr)")
        let before = try String(contentsOfFile: srt, encoding: .utf8)
        let clash = try Reel.run(["make", p.template, p.clip, "-o", srt, "--captions", srt])
        let after = try String(contentsOfFile: srt, encoding: .utf8)
        #expect(clash.status == 2 && after == before, "the caption file is an input: \(clash.stderr)")
        let usage = try Reel.run(["make", p.template, p.clip, "-o", out, "--captions", srt, "--caption-style", "wavy"])
        #expect(usage.status == 2 && usage.stderr.contains("plain, box, karaoke or pop"), "\(usage.stderr)")
    }

    @Test func captionsRiseAboveATitleAtTheBottom() throws {
        let dir = TemporaryFolder()
        let title = ##"[{ "id": "title", "kind": "text", "text": "Title", "size": 24, "color": "#ff0000", "y": 0.85 }]"##
        let p = try project(in: dir, seconds: 1, layers: title)
        let srt = dir.file("c.srt")
        try "1\n00:00:00,000 --> 00:00:01,000\nA caption\n".write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--captions", srt])
        #expect(r.status == 0, "\(r.stderr)")
        let frame = try Tools.rgbFrame(out, index: 12)
        // The title is red, the caption white: no white row may reach the title's rows.
        let titleRows = (0..<frame.height).filter { y in
            (0..<frame.width).contains { x in
                let c = frame.pixel(x, y)
                return c.r > 150 && c.g < 80
            }
        }
        let captionRows = (0..<frame.height).filter { y in (0..<frame.width).contains { x in frame.pixel(x, y).g > 150 } }
        let titleTop = try #require(titleRows.min())
        let captionBottom = try #require(captionRows.max())
        #expect(captionBottom < titleTop, "caption rows end at \(captionBottom), the title starts at \(titleTop)")
    }

    @Test func aTemplatesCaptionsLayerBringsItsFileAndStyle() throws {
        let dir = TemporaryFolder()
        let layer = #"[{ "id": "subs", "kind": "captions", "file": "talk.srt", "style": "pop" }]"#
        let p = try project(in: dir, seconds: 2, layers: layer)
        try "1\n00:00:00,000 --> 00:00:01,000\none two\n\n2\n00:00:01,x00 --> 00:00:02,000\nbroken\n"
            .write(toFile: (p.template as NSString).appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        let v = try Reel.run(["validate", p.template])
        #expect(v.status == 0 && v.stderr.contains("talk.srt:6: warning[C002]"), "\(v.stderr)")
        let timeline = dir.file("t.json")
        let r = try Reel.run(["resolve", p.template, p.clip, "-o", timeline])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: timeline, encoding: .utf8)
        #expect(text.contains("\"id\": \"caption-1.1\"") && text.contains("\"id\": \"caption-1.2\""), "pop: a text per word")
        let box = try Reel.run(["resolve", p.template, p.clip, "-o", timeline, "--caption-style", "box"])
        #expect(box.status == 0, "\(box.stderr)")
        #expect(try String(contentsOfFile: timeline, encoding: .utf8).contains("\"text\": \"one two\""), "the option overrides the layer's style")
    }

    @Test func charactersNoFontCanDrawAreWarnedWithTheCuesLine() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, seconds: 2)
        let srt = dir.file("c.srt")
        // A character no installed font has, as fontconfig tells (a Mayan numeral with scripts/setup's fonts alone).
        let missing = try #require(try Fontconfig.undrawable(1).first)
        let code = Fontconfig.codePoint(missing)
        try "1\n00:00:00,000 --> 00:00:01,000\nfine 🎉\n\n2\n00:00:01,000 --> 00:00:02,000\nodd \(Character(missing))\n"
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let r = try Reel.run(["resolve", p.template, p.clip, "-o", dir.file("t.json"), "--captions", srt])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("c.srt:6: warning[T066]") && r.stderr.contains(code), "\(r.stderr)")
        #expect(!r.stderr.contains("c.srt:2:"), "the emoji has a font: \(r.stderr)")
        // A template's own caption file: validate says so, and make once, with the cue's line.
        let layer = #"[{ "id": "subs", "kind": "captions", "file": "c.srt" }]"#
        let q = try project(in: dir, seconds: 2, layers: layer)
        try FileManager.default.copyItem(atPath: srt, toPath: (q.template as NSString).appendingPathComponent("c.srt"))
        let v = try Reel.run(["validate", q.template])
        #expect(v.status == 0 && v.stderr.contains("c.srt:6: warning[T066]") && v.stderr.contains(code), "\(v.stderr)")
        let strict = try Reel.run(["validate", "--strict", q.template])
        #expect(strict.status != 0, "--strict fails on it: \(strict.stderr)")
        let m = try Reel.run(["resolve", q.template, q.clip, "-o", dir.file("q.json")])
        #expect(m.stderr.components(separatedBy: "warning[T066]").count == 2, "said once: \(m.stderr)")
    }

    /// A cue of one letter and 90,000 combining marks is refused by its size (T017), before its
    /// characters are split into words or shaped: by `make` (exit 3), and by `validate` when it is
    /// a template's own caption file (exit 1), where it used to pass.
    @Test func aCueOfTensOfThousandsOfMarksIsRefusedByItsSize() throws {
        let dir = TemporaryFolder()
        let p = try project(in: dir, seconds: 1)
        let srt = dir.file("marks.srt")
        try ("1\n00:00:00,000 --> 00:00:01,000\na" + String(repeating: "\u{301}", count: 90_000) + "\n")
            .write(toFile: srt, atomically: true, encoding: .utf8)
        let out = dir.file("o.mp4")
        let m = try Reel.run(["make", p.template, p.clip, "-o", out, "--quality", "draft", "--captions", srt])
        #expect(m.status == 3, "\(m.stderr)")
        #expect(m.stderr.contains("marks.srt:2: error[T017]") && m.stderr.contains("90001 Unicode scalars"), "\(m.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let layer = #"[{ "id": "subs", "kind": "captions", "file": "marks.srt" }]"#
        let q = try project(in: dir, seconds: 1, layers: layer)
        try FileManager.default.copyItem(atPath: srt, toPath: (q.template as NSString).appendingPathComponent("marks.srt"))
        let v = try Reel.run(["validate", q.template])
        #expect(v.status == 1, "\(v.stderr)")
        #expect(v.stderr.contains("marks.srt:2: error[T017]") && v.stderr.contains("90001 Unicode scalars"), "\(v.stderr)")
    }
}
