import Foundation
import ReelTestSupport
import Testing

/// `reel edit swap` and `move` on timelines resolved from real media: every cut keeps the
/// transition it had, between the clips that now meet there, shortened (and said so) only where
/// those clips lack the frames it needs; undo gives back the file byte for byte.
@Suite struct EditTransitionTests {
    /// Four slots (1 s, 2 s, 1 s, 1.5 s at 25 fps) with a crossfade of 10 frames, a wipe of 6 and a
    /// dip to black of 10 on their cuts; four 3 s videos. The resolver starts each video at the
    /// frames its transition before needs: the first at 0, the second at 5, the third at 3, the last at 5.
    struct Project {
        let dir = TemporaryFolder()
        let timeline: String

        init() throws {
            let template = dir.file("tpl")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            let json = """
                { "format": 1, "name": "Cuts", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
                  "slots": [
                    { "id": "a", "duration": 1, "transition": { "kind": "crossfade", "duration": 0.4 } },
                    { "id": "b", "duration": 2, "transition": { "kind": "wipeLeft", "duration": 0.24, "easing": "easeOut" } },
                    { "id": "c", "duration": 1, "transition": { "kind": "dipToBlack", "duration": 0.4 } },
                    { "id": "d", "duration": 1.5 }] }
                """
            try json.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            var media: [String] = []
            for (name, color) in [("1-red", "red"), ("2-green", "lime"), ("3-blue", "blue"), ("4-yellow", "yellow")] {
                media.append(dir.file("\(name).mp4"))
                try TestMedia.colorClip(dir.file("\(name).mp4"), color: color, width: 160, height: 284, seconds: "3", rate: "25")
            }
            timeline = dir.file("t.json")
            let r = try Reel.run(["resolve", template] + media + ["-o", timeline, "-q"])
            #expect(r.status == 0, "\(r.stderr)")
        }

        func edit(_ args: String...) throws -> Tools.Output { try Reel.run(["edit", timeline] + args) }
        func text() throws -> String { try String(contentsOfFile: timeline, encoding: .utf8) }

        /// Each transition as "kind from>to start-end" in frames at 25 fps.
        func transitions() throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any]
            return (json?["transitions"] as? [[String: Any]] ?? []).map { t in
                let range = t["range"] as? [String: Any]
                let start = frames(range?["start"] as? String)
                let end = start + frames(range?["duration"] as? String)
                return "\(t["kind"] as? String ?? "?") \(t["from"] as? String ?? "?")>\(t["to"] as? String ?? "?") \(start)-\(end)"
            }
        }

        /// Frames at 25 fps of a time written "1.2s".
        func frames(_ text: String?) -> Int {
            guard let text, text.hasSuffix("s"), let seconds = Double(text.dropLast()) else { return -1 }
            return Int((seconds * 25).rounded())
        }
    }

    @Test func aSwapKeepsEveryCutsTransitionAndSaysWhatItShortened() throws {
        let p = try Project()
        let original = try p.text()
        #expect(try p.transitions() == ["crossfade a>b 20-30", "wipeLeft b>c 72-78", "dipToBlack c>d 95-105"])
        let r = try p.edit("swap", "2", "3")
        #expect(r.status == 0, "\(r.stderr)")
        // c (25 frames) now comes second: the cuts are at 25, 50 and 100. c starts 3 frames into its
        // video, so the crossfade now showing it before the cut keeps 7 of its 10 frames.
        #expect(try p.transitions() == ["crossfade a>c 22-29", "wipeLeft c>b 47-53", "dipToBlack b>d 95-105"])
        #expect(
            r.stdout
                == "swapped clip 2 (b) and clip 3 (c); the wipeLeft after clip 2 and the dipToBlack after clip 3 stay on their cuts; "
                + "the crossfade after clip 1 is shortened from 10 to 7 frames ('c' (3-blue.mp4) has 3 frames before its in-point, 5 needed)\n",
            "\(r.stdout)")
        let render = try Reel.run(["render", p.timeline, "-o", p.dir.file("swapped.mp4"), "-q", "--quality", "draft"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try p.edit("undo").status == 0)
        #expect(try p.text() == original, "undo gives back the file byte for byte")
        #expect(try p.edit("redo").status == 0)
        #expect(try p.transitions() == ["crossfade a>c 22-29", "wipeLeft c>b 47-53", "dipToBlack b>d 95-105"])
    }

    @Test func aMoveKeepsEveryCutsTransitionOrSaysWhyItBecameACut() throws {
        let p = try Project()
        let original = try p.text()
        let r = try p.edit("move", "d", "--to", "1")
        #expect(r.status == 0, "\(r.stderr)")
        // d a b c: a starts at 0 in its video, so nothing of it can show before the first cut.
        #expect(try p.transitions() == ["wipeLeft a>b 60-66", "dipToBlack b>c 110-117"])
        #expect(r.stdout.hasPrefix("moved clip 4 (d) to place 1; the wipeLeft after clip 2 stays on its cut; "), "\(r.stdout)")
        #expect(
            r.stdout.contains("the crossfade after clip 1 became a straight cut ('a' (1-red.mp4) has 0 frames before its in-point, 5 needed)"),
            "\(r.stdout)")
        #expect(
            r.stdout.contains("the dipToBlack after clip 3 is shortened from 10 to 7 frames ('c' (3-blue.mp4) has 3 frames before"), "\(r.stdout)")
        #expect(try p.edit("undo").status == 0)
        #expect(try p.text() == original, "undo gives back the file byte for byte")
    }

    /// The shipped postcard, filled with four videos and six photos: swapping two photos keeps all
    /// eight transitions on their cuts; swapping the first two videos keeps the wipe and says why
    /// the crossfade cannot stay (the opening shot starts at its video's first frame).
    @Test func thePostcardKeepsItsTransitionsThroughSwaps() throws {
        let dir = TemporaryFolder()
        var media: [String] = []
        for (i, color) in ["red", "lime", "blue", "orange"].enumerated() {
            media.append(dir.file("\(i + 1)-video.mp4"))
            try TestMedia.colorClip(media.last ?? "", color: color, width: 108, height: 192, seconds: "4", rate: "30")
        }
        for (i, color) in ["yellow", "white", "gray", "purple", "cyan", "pink"].enumerated() {
            media.append(dir.file("\(i + 5)-photo.jpg"))
            try TestMedia.jpeg(media.last ?? "", width: 108, height: 192, color: color)
        }
        let timeline = dir.file("postcard.json")
        let r = try Reel.run(["resolve", Reel.repositoryRoot + "/templates/postcard"] + media + ["-o", timeline, "-q", "--order", "name"])
        #expect(r.status == 0, "\(r.stderr)")
        func cuts() throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any]
            let ids = (json?["clips"] as? [[String: Any]] ?? []).filter { ($0["layer"] as? Int ?? 0) == 0 }.compactMap { $0["id"] as? String }
            return (json?["transitions"] as? [[String: Any]] ?? []).map { t in
                "\(ids.firstIndex(of: t["from"] as? String ?? "").map { $0 + 1 } ?? 0) \(t["kind"] as? String ?? "")"
            }
        }
        let before = try cuts()
        #expect(before == ["1 crossfade", "2 wipeUp", "3 slideUp", "4 dipToWhite", "5 wipeDown", "7 crossfade", "8 slideDown", "9 crossfade"])
        let photos = try Reel.run(["edit", timeline, "swap", "5", "7"])
        #expect(photos.status == 0, "\(photos.stderr)")
        #expect(try cuts() == before, "every cut keeps its transition")
        #expect(photos.stdout.contains("the dipToWhite after clip 4, the wipeDown after clip 5 and the crossfade after clip 7 stay on their cuts"))
        let videos = try Reel.run(["edit", timeline, "swap", "1", "2"])
        #expect(videos.status == 0, "\(videos.stderr)")
        #expect(try cuts() == Array(before.dropFirst()))
        #expect(videos.stdout.contains("the wipeUp after clip 2 stays on its cut; the crossfade after clip 1 became a straight cut ('opening'"))
    }
}
