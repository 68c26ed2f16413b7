import Foundation
import ReelTestSupport
import Testing

/// `reel edit` on a real resolved timeline: every operation changes what it says and keeps the file
/// a valid timeline, a refused one changes nothing, undo and redo walk back to the same bytes, and
/// an edited timeline renders as edited.
@Suite struct EditCommandTests {
    /// Three one-second clips (red, green, blue, with sound) in a template with a title.
    struct Project {
        let dir = TemporaryFolder()
        let timeline: String

        init() throws {
            let template = dir.file("tpl")
            try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
            try TestMedia.tone(template + "/music.m4a", seconds: "5")
            let json = """
                { "format": 1, "name": "Edit", "canvas": { "width": 160, "height": 284, "frameRate": "25" },
                  "music": { "file": "music.m4a" },
                  "slots": [{ "id": "one", "duration": 1 }, { "id": "two", "duration": 1 }, { "id": "three", "duration": 1 }],
                  "layers": [{ "id": "title", "kind": "text", "key": "title", "text": "Hello", "size": 30 }] }
                """
            try json.write(toFile: template + "/template.json", atomically: true, encoding: .utf8)
            for (name, color) in [("r", "red"), ("g", "lime"), ("b", "blue")] {
                try TestMedia.colorClip(dir.file("\(name).mp4"), color: color, width: 160, height: 284, seconds: "2", rate: "25", tone: true)
            }
            try TestMedia.jpeg(dir.file("photo.jpg"), width: 160, height: 284, color: "yellow")
            try TestMedia.tone(dir.file("song.m4a"), seconds: "20", frequency: 660)
            timeline = dir.file("t.json")
            let r = try Reel.run(["resolve", template, dir.file("r.mp4"), dir.file("g.mp4"), dir.file("b.mp4"), "-o", timeline, "-q"])
            #expect(r.status == 0, "\(r.stderr)")
        }

        func edit(_ args: String...) throws -> Tools.Output { try Reel.run(["edit", timeline] + args) }
        func text() throws -> String { try String(contentsOfFile: timeline, encoding: .utf8) }
        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any] ?? [:]
        }
        func clips() throws -> [[String: Any]] { try json()["clips"] as? [[String: Any]] ?? [] }
        func ids() throws -> [String] { try clips().compactMap { $0["id"] as? String } }
    }

    func expectDone(_ r: Tools.Output, _ says: String) {
        #expect(r.status == 0, "exit \(r.status): \(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1 && r.stdout.contains(says), "\(r.stdout)")
    }

    @Test func everyOperationChangesWhatItSays() throws {
        let p = try Project()
        let list = try p.edit("list")
        #expect(list.status == 0 && list.stdout.contains("1  one  video") && list.stdout.contains("3  three"), "\(list.stdout)")
        expectDone(try p.edit("split", "2", "--at", "1.4s"), "split clip 2 (two) at 00:01.40")
        #expect(try p.ids() == ["one", "two", "two-2", "three"])
        expectDone(try p.edit("trim", "two-2", "--out", "-0.2s"), "trimmed")
        #expect((try p.json()["duration"] as? String) == "2.8s")
        expectDone(try p.edit("slip", "one", "0.5s"), "source now starts at 00:00.50")
        #expect(((try p.clips()[0]["sourceRange"] as? [String: Any])?["start"] as? String) == "0.5s")
        // A transition takes frames beyond both sides of its cut: 'two' now has some before it.
        expectDone(try p.edit("slip", "two", "+0.5s"), "source now starts at 00:00.50")
        expectDone(try p.edit("transition", "1", "crossfade", "--duration", "0.2"), "crossfade of 00:00.20")
        #expect((try p.json()["transitions"] as? [[String: Any]])?.first?["kind"] as? String == "crossfade")
        expectDone(try p.edit("transition", "1", "cut"), "straight cut")
        #expect((try p.json()["transitions"] as? [[String: Any]])?.isEmpty == true)
        expectDone(try p.edit("move", "three", "--to", "1"), "moved clip 4 (three) to place 1")
        #expect(try p.ids() == ["three", "one", "two", "two-2"])
        expectDone(try p.edit("swap", "1", "2"), "swapped")
        #expect(try p.ids() == ["one", "three", "two", "two-2"])
        expectDone(try p.edit("delete", "two-2"), "deleted")
        #expect(try p.ids() == ["one", "three", "two"])
        expectDone(try p.edit("replace", "3", p.dir.file("photo.jpg")), "replaced clip 3 (two)")
        #expect((try p.clips()[2]["kind"] as? String) == "image")
        expectDone(try p.edit("speed", "one", "0.5"), "0.5x")
        #expect((try p.clips()[0]["speed"] as? String) == "1/2")
        expectDone(try p.edit("reverse", "one"), "backwards")
        #expect((try p.clips()[0]["reverse"] as? Bool) == true)
        expectDone(try p.edit("rotate", "three", "180"), "rotated")
        expectDone(try p.edit("volume", "three", "0.8"), "volume 0.8")
        #expect((try p.clips()[1]["volume"] as? Double) == 0.8)
        expectDone(try p.edit("mute", "three"), "muted")
        #expect((try p.clips()[1]["volume"] as? Double) == 0)
        expectDone(try p.edit("filter", "1", "add", "vignette", "--strength", "0.6"), "added vignette")
        let filters = try p.clips()[0]["filters"] as? [[String: Any]]
        #expect(filters?.first?["kind"] as? String == "vignette")
        expectDone(try p.edit("filter", "1", "remove", "vignette"), "removed vignette")
        expectDone(try p.edit("text", "title", "New title"), "now reads \"New title\"")
        #expect(((try p.json()["texts"] as? [[String: Any]])?.first?["text"] as? String) == "New title")
        expectDone(try p.edit("music", p.dir.file("song.m4a"), "--start", "12s"), "from 00:12.00")
        let music = (try p.json()["audio"] as? [[String: Any]])?.first
        #expect((music?["media"] as? String) == "song.m4a" && (music?["sourceStart"] as? String) == "12s", "\(String(describing: music))")
        let history = try p.edit("history")
        #expect(history.stdout.split(separator: "\n").count == 21, "\(history.stdout)")
        // Every state renders.
        let r = try Reel.run(["render", p.timeline, "-o", p.dir.file("edited.mp4"), "-q", "--quality", "draft"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aRefusedEditChangesNothing() throws {
        let p = try Project()
        let before = try p.text()
        for args in [
            ["split", "1", "--at", "5s"], ["trim", "1", "--in", "+2s"], ["move", "nope", "--to", "1"], ["speed", "1", "-1"],
            ["filter", "1", "add", "vignette", "--strength", "9"], ["transition", "3", "crossfade"], ["text", "nope", "x"],
            // The clip after the cut has no frames before its source range for the transition.
            ["transition", "1", "crossfade", "--duration", "0.4"],
            ["rotate", "1", "45"], ["frobnicate", "1"],
        ] {
            let r = try Reel.run(["edit", p.timeline] + args)
            #expect(r.status == 1 || r.status == 2, "\(args): exit \(r.status)")
            #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
            #expect(try p.text() == before, "\(args) changed the timeline")
        }
    }

    /// What reading refuses, an edit refuses too, with the same code and place, exit 1.
    @Test func anEditBeyondALimitIsRefusedWithTheReadersCode() throws {
        let p = try Project()
        let before = try p.text()
        for (args, says) in [
            (["speed", "one", "100"], "error[T015]: /clips/0/speed: speed 100 is outside 1/40...4"),
            (["text", "title", String(repeating: "x", count: 15000)], "error[T017]: /texts/0/text: the text has 15000 characters"),
        ] {
            let r = try Reel.run(["edit", p.timeline] + args)
            #expect(r.status == 1, "\(args[0]): exit \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(says) && r.stderr.contains("nothing was changed"), "\(args[0]): \(r.stderr)")
            #expect(try p.text() == before, "\(args[0]) changed the timeline")
        }
        #expect(try Reel.run(["render", p.timeline, "-o", p.dir.file("x.mp4"), "-q", "--quality", "draft"]).status == 0)
    }

    /// A timeline that no longer reads (here a hand edit beyond a limit) can still be undone: the
    /// journal has the state before it.
    @Test func undoWorksWhenTheFileNoLongerReads() throws {
        let p = try Project()
        #expect(try p.edit("swap", "1", "3").status == 0)
        let swapped = try p.text()
        let broken = swapped.replacingOccurrences(of: "\"speed\": \"1\"", with: "\"speed\": \"100\"")
        #expect(broken != swapped)
        try broken.write(toFile: p.timeline, atomically: true, encoding: .utf8)
        #expect(try Reel.run(["render", p.timeline, "-o", p.dir.file("x.mp4"), "-q"]).status == 3)
        #expect(try p.edit("history").status == 0)
        let undo = try p.edit("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try p.text() == swapped, "undo gives back the state before the hand edit")
        #expect(try p.edit("undo").status == 0)
        #expect(try p.edit("redo").status == 0 && (try p.text()) == swapped)
        // Redo would bring the hand edit back, but what the journal holds is written only when it
        // reads as `render` reads a timeline file: refused, and nothing changes.
        let history = try String(contentsOfFile: p.dir.file("t.history.jsonl"), encoding: .utf8)
        let redo = try p.edit("redo")
        #expect(redo.status == 3, "\(redo.stderr)")
        #expect(
            redo.stderr.contains("line 3: the timeline it holds does not read: error[") && redo.stderr.contains("move it aside"), "\(redo.stderr)")
        #expect(try p.text() == swapped && (try String(contentsOfFile: p.dir.file("t.history.jsonl"), encoding: .utf8)) == history)
        try broken.write(toFile: p.timeline, atomically: true, encoding: .utf8)
        #expect(try p.edit("list").status == 3, "list reads the timeline, and refuses it as render does")
    }

    @Test func undoAndRedoGoBackToTheSameBytesAcrossCalls() throws {
        let p = try Project()
        var states = [try p.text()]
        for args in [
            ["swap", "1", "3"], ["split", "1", "--at", "0.5s"], ["mute", "2"], ["slip", "3", "0.2s"],
            ["transition", "2", "wipeLeft", "--duration", "0.2"],
        ] {
            let r = try Reel.run(["edit", p.timeline] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            states.append(try p.text())
        }
        for expected in states.dropLast().reversed() {
            #expect(try p.edit("undo").status == 0)
            #expect(try p.text() == expected)
        }
        #expect(try p.edit("undo").status == 1, "nothing left to undo")
        for expected in states.dropFirst() {
            #expect(try p.edit("redo").status == 0)
            #expect(try p.text() == expected)
        }
        #expect(try p.edit("redo").status == 1, "nothing left to redo")
        let json = try p.edit("undo", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: json.data) as? [String: Any]
        #expect(object?["canRedo"] as? Bool == true && (object?["changed"] as? String)?.hasPrefix("undid") == true)
    }

    /// Swapping the first and last clips shows blue first and red last in the rendered video.
    @Test func anEditedTimelineRendersAsEdited() throws {
        let p = try Project()
        #expect(try p.edit("swap", "1", "3").status == 0)
        let out = p.dir.file("swapped.mp4")
        let r = try Reel.run(["render", p.timeline, "-o", out, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Tools.probe(out).video?.frames == 75)
        let first = try Tools.rgbFrame(out, index: 5).average(10, 10)
        let last = try Tools.rgbFrame(out, index: 70).average(10, 10)
        #expect(first.b > 150 && first.r < 80, "first shot is blue: \(first)")
        #expect(last.r > 150 && last.b < 80, "last shot is red: \(last)")
    }

    /// Times and ratios at Int64's ends are refused in one line, the timeline untouched: never an
    /// overflow trap converting them to frames, adding them to a source time or printing them.
    @Test func extremeNumbersAreRefusedNeverTrapped() throws {
        let p = try Project()
        let before = try p.text()
        let extremes = ["9223372036854775807", "-9223372036854775807/1s", "1e18", "-1e18", "9223372036854775807f", "4611686018427387904/3"]
        for value in extremes {
            let slip = try Reel.run(["edit", p.timeline, "slip", "1", value])
            #expect(slip.status <= 2, "slip \(value): exit \(slip.status) \(slip.stderr)")
            if slip.status == 0 { #expect(try p.edit("undo").status == 0) }
            for args in [
                ["split", "1", "--at", value], ["trim", "1", "--in", value], ["trim", "1", "--out", value],
                ["transition", "1", "crossfade", "--duration", value], ["speed", "1", value],
            ] {
                let r = try Reel.run(["edit", p.timeline] + args)
                #expect(r.status == 1 || r.status == 2, "\(args): exit \(r.status) \(r.stderr)")
                #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
                #expect(try p.text() == before, "\(args) changed the timeline")
            }
            let poster = try Reel.run(["poster", p.timeline, "--at", value, "-o", p.dir.file("p.png"), "-q"])
            #expect(poster.status <= 2, "--at \(value): exit \(poster.status) \(poster.stderr)")
        }
    }
}
