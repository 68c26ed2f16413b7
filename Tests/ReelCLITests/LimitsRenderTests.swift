import DocumentLimits
import Foundation
import MediaTime
import ReelTestSupport
import Testing

/// Templates at the declared limits (see LimitsTests in TemplateCoreTests) are not only valid:
/// they make a video, so that nothing `reel validate` accepts is refused by the renderer or the
/// encoder.
@Suite struct LimitsRenderTests {
    static let cases: [(name: String, canvas: String, extra: String)] = [
        ("widest canvas, largest text", "\"width\": 8192, \"height\": 16", "{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"Hi\", \"size\": 1000 }"),
        (
            "tallest canvas, smallest text", "\"width\": 16, \"height\": 8192",
            "{ \"id\": \"t\", \"kind\": \"text\", \"text\": \"Hi\", \"size\": 4, \"minSize\": 4 }"
        ),
        (
            "longest text, most lines", "\"width\": 160, \"height\": 96",
            "{ \"id\": \"t\", \"kind\": \"text\", \"size\": 4, \"maxLines\": 50, \"text\": \"\(String(repeating: "ab ", count: 666))ab\" }"
        ),
    ]

    @Test func templatesAtTheLimitsMakeAVideo() throws {
        let dir = TemporaryFolder()
        try TestMedia.jpeg(dir.file("photo.jpg"), color: "green")
        for (i, c) in Self.cases.enumerated() {
            let folder = dir.file("t\(i)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try TestMedia.tone((folder as NSString).appendingPathComponent("music.m4a"), seconds: "1")
            let json = """
                { "format": 1, "name": "Limits", "canvas": { \(c.canvas), "frameRate": "25" }, "music": { "file": "music.m4a", "volume": 4 },
                  "slots": [{ "id": "a", "duration": "2f", "volume": 4 }], "layers": [\(c.extra)] }
                """
            try Self.validateAndMake(json, in: folder, photo: dir.file("photo.jpg"), to: dir.file("out\(i).mp4"), c.name)
        }
    }

    /// Writes `json` as the template of `folder`, which `validate` accepts, and makes `out` of
    /// `photo` with it (`options` added to `make`); `label` names the case in failures.
    static func validateAndMake(_ json: String, in folder: String, photo: String, to out: String, options: [String] = [], _ label: String = "")
        throws
    {
        try json.write(toFile: (folder as NSString).appendingPathComponent("template.json"), atomically: true, encoding: .utf8)
        let v = try Reel.run(["validate", folder])
        #expect(v.status == 0, "\(label) \(v.stdout) \(v.stderr)")
        let r = try Reel.run(["make", folder, photo, "-o", out, "-q"] + options)
        #expect(r.status == 0, "\(label) \(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out), "\(label)")
    }

    static func n(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }

    /// Every number parameter of every filter, transition and key, at its lower or upper bound as
    /// `reel catalog --format json` states it (the catalog is the one declaration of them).
    static func catalogAtBounds(upper: Bool) throws -> (filters: String, slots: String, keys: [String]) {
        let out = try Reel.run(["catalog", "--format", "json"])
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: [[String: Any]]])
        func bounds(_ entry: [String: Any]) -> [String] {
            ((entry["parameters"] as? [[String: Any]]) ?? []).compactMap { p in
                guard let name = p["name"] as? String, let x = (upper ? p["maximum"] : p["minimum"]) as? Double else { return nil }
                return "\"\(name)\": \(n(x))"
            }
        }
        let filters = try #require(catalog["filter"]).compactMap { f -> String? in
            guard let id = f["id"] as? String else { return nil }
            return "{ " + (["\"kind\": \"\(id)\""] + bounds(f) + (id == "lut" ? ["\"file\": \"look.cube\""] : [])).joined(separator: ", ") + " }"
        }
        let transitions = try #require(catalog["transition"]).filter { ($0["id"] as? String) != "lumaWipe" }
        let slots = transitions.enumerated().map { i, t in
            let id = t["id"] as? String ?? ""
            let keys = ["\"kind\": \"\(id)\""] + (id == "cut" ? [] : ["\"duration\": \"4f\""]) + bounds(t)
            return "{ \"id\": \"s\(i)\", \"duration\": \"10f\", \"transition\": { \(keys.joined(separator: ", ")) } }"
        }
        let keys = try #require(catalog["key"]).compactMap { k -> String? in
            guard let id = k["id"] as? String else { return nil }
            return "{ " + (["\"kind\": \"\(id)\""] + bounds(k)).joined(separator: ", ") + " }"
        }
        return (filters.joined(separator: ", "), slots.joined(separator: ", "), keys)
    }

    /// Placement, motion and text look at their declared bounds, and every effect parameter (a
    /// key's too) at its catalog bound: each template validates and makes a video.
    @Test(arguments: [false, true])
    func layoutAndEffectsAtTheirBoundsMakeAVideo(upper: Bool) throws {
        let dir = TemporaryFolder()
        try TestMedia.jpeg(dir.file("photo.jpg"), width: 64, height: 64, color: "green")
        let folder = dir.file("bounds")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestMedia.tone((folder as NSString).appendingPathComponent("music.m4a"), seconds: "5")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", (folder as NSString).appendingPathComponent("star.png")])
        try "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n".write(
            toFile: (folder as NSString).appendingPathComponent("look.cube"), atomically: true, encoding: .utf8)
        func pick(_ r: ClosedRange<Double>) -> String { Self.n(upper ? r.upperBound : r.lowerBound) }
        let (filters, slots, keys) = try Self.catalogAtBounds(upper: upper)
        let pose =
            "{ \"at\": 0, \"scale\": \(pick(Limits.poseScale)), \"x\": \(pick(Limits.poseOffset)), \"y\": \(pick(Limits.poseOffset)), \"rotation\": \(pick(Limits.rotation)) }"
        let text = """
            { "id": "t", "kind": "text", "text": "Hi there", "size": 8, "lineSpacing": \(pick(Limits.textLineSpacing)),
              "maxWidth": \(pick(Limits.textMaxWidth)), "x": \(pick(Limits.position)), "y": \(pick(Limits.position)), "opacity": \(pick(Limits.fraction)),
              "stroke": { "color": "#000000", "width": \(pick(Limits.textStroke)) },
              "shadow": { "x": \(pick(Limits.textShadowOffset)), "y": \(pick(Limits.textShadowOffset)), "blur": \(pick(Limits.textShadowBlur)) },
              "box": { "color": "#00000066", "padding": \(pick(Limits.textBox)), "radius": \(pick(Limits.textBox)) } }
            """
        let sticker = """
            { "id": "star", "kind": "image", "file": "star.png", "width": \(pick(Limits.layerWidth)), "rotation": \(pick(Limits.rotation)),
              "x": \(pick(Limits.position)), "y": 0.5, "opacity": \(pick(Limits.fraction)), "motion": { "keyframes": [\(pose)] } }
            """
        // Each key at its bounds on a picture-in-picture in a blend mode (the photo again).
        let keyed = keys.enumerated().map { i, key in
            "{ \"id\": \"keyed\(i)\", \"kind\": \"media\", \"rect\": { \"x\": 0, \"y\": 0, \"width\": 0.5, \"height\": 0.5 }, \"blend\": \"colorBurn\", \"key\": \(key) }"
        }
        let json = """
            { "format": 1, "name": "Bounds", "canvas": { "width": 64, "height": 64, "frameRate": "25" }, "music": { "file": "music.m4a" },
              "slots": [{ "id": "first", "duration": "10f", "filters": [\(filters)], "motion": { "keyframes": [\(pose)] } }, \(slots),
                        { "id": "last", "duration": "10f" }],
              "layers": [\(text), \(sticker), \(keyed.joined(separator: ", "))] }
            """
        try Self.validateAndMake(json, in: folder, photo: dir.file("photo.jpg"), to: dir.file("out.mp4"))
    }

    /// The count limits at once, on the smallest canvas at the highest frame rate: the most slots
    /// (a frame each), each with the most filters and keyframes, the most layers and the most
    /// sound effects. The video has a frame per slot, every filter drew (sixteen grayscales leave
    /// a green photo gray), and the timeline holds every item.
    @Test func theMostOfEveryCountMakesAVideo() throws {
        let dir = TemporaryFolder()
        try TestMedia.jpeg(dir.file("photo.jpg"), color: "green")
        let folder = dir.file("most")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestMedia.tone((folder as NSString).appendingPathComponent("music.m4a"), seconds: "1")
        let count = Limits.slotCount.upperBound
        let keys = (0..<Limits.maxKeyframes).map { "{ \"at\": \(Self.n(Double($0) / Double(Limits.maxKeyframes))), \"scale\": 1 }" }
        let filters = Array(repeating: "\"grayscale\"", count: Limits.maxFilters).joined(separator: ", ")
        let slots = (0..<count).map {
            "{ \"id\": \"s\($0)\", \"duration\": \"1f\", \"filters\": [\(filters)], \"motion\": { \"keyframes\": [\(keys.joined(separator: ", "))] } }"
        }
        let layers = (0..<Limits.maxLayers).map { "{ \"id\": \"l\($0)\", \"kind\": \"text\", \"text\": \"x\", \"size\": 4 }" }
        let sounds = (0..<Limits.maxSounds).map { "{ \"file\": \"music.m4a\", \"at\": \"\($0 % count)f\", \"volume\": 0.01 }" }
        let rate = "\(Limits.maxFrameRate.value)/\(Limits.maxFrameRate.timescale)"
        let side = Limits.canvasSide.lowerBound
        let json = """
            { "format": 1, "name": "Most", "canvas": { "width": \(side), "height": \(side), "frameRate": "\(rate)" },
              "music": { "file": "music.m4a", "loop": true }, "slots": [\(slots.joined(separator: ", "))],
              "layers": [\(layers.joined(separator: ", "))], "sounds": [\(sounds.joined(separator: ", "))] }
            """
        let out = dir.file("most.mp4")
        let timeline = dir.file("most.json")
        try Self.validateAndMake(json, in: folder, photo: dir.file("photo.jpg"), to: out, options: ["--timeline", timeline])
        let probe = try Tools.probe(out)
        #expect(probe.video?.frames == count)
        #expect(probe.audio != nil)
        let frame = try Tools.rgbFrame(out, index: count / 2)
        let (red, green, blue) = frame.average(side / 2, side / 2)
        #expect(abs(red - green) < 6 && abs(green - blue) < 6, "gray after the filters: \(red) \(green) \(blue)")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any]
        let clips = doc?["clips"] as? [Any] ?? []
        let texts = doc?["texts"] as? [Any] ?? []
        let effects = (doc?["audio"] as? [[String: Any]] ?? []).filter { $0["role"] as? String == "effect" }
        #expect(clips.count == count && texts.count == Limits.maxLayers, "\(clips.count) clips, \(texts.count) texts")
        #expect(effects.count == Limits.maxSounds, "every sound effect: \(effects.count)")
    }
}
