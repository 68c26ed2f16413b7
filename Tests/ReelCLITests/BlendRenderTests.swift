import Foundation
import ReelTestSupport
import Testing

/// Blend modes and the chroma key on rendered pixels: templates made and rendered by `reel`, their
/// frames decoded by the ffmpeg command line.
@Suite struct BlendRenderTests {
    /// Backdrop and layer colours that take each mode down both of its branches (as in the kernel
    /// tests: dark and light layers over dark and light backdrops, one backdrop under 0.25).
    static let pairs: [(backdrop: [UInt8], layer: [UInt8])] = [
        ([180, 120, 60], [60, 140, 200]),
        ([60, 90, 140], [220, 180, 100]),
        ([230, 210, 190], [120, 40, 90]),
        ([40, 50, 45], [90, 200, 160]),
    ]
    static let modes = [
        "normal", "multiply", "screen", "overlay", "softLight", "hardLight", "add", "darken", "lighten", "difference", "colorDodge", "colorBurn",
    ]
    /// Each row of the canvas is a layer in one mode (the last: `multiply` at opacity 0.5), each
    /// column a pair of colours; cells are 16 pixels, a macroblock. One more row below them has no
    /// layer: the photo as it is coded, the backdrop each mode meets.
    static let rows: [(mode: String, opacity: Double)] = modes.map { ($0, 1) } + [("multiply", 0.5)]
    static let cell = 16

    /// The W3C Compositing and Blending Level 1 formula of each mode, for one channel in 0...1 (`BlendFormula`).
    static func spec(_ mode: String, _ cb: Double, _ cs: Double) -> Double { BlendFormula.channel(mode, cb, cs) ?? cs }

    /// Writes packed RGB or RGBA bytes as a PNG through ffmpeg.
    static func png(_ bytes: [UInt8], width: Int, height: Int, alpha: Bool, to path: String) throws {
        let raw = path + ".raw"
        try Data(bytes).write(to: URL(fileURLWithPath: raw))
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", alpha ? "rgba" : "rgb24", "-s", "\(width)x\(height)", "-i", raw, "-frames:v", "1", path])
        try FileManager.default.removeItem(atPath: raw)
    }

    /// The first frame of `path` as it is coded (yuv420p, no conversion), each pixel turned into
    /// R'G'B' 0...255 with BT.709 limited range, as Reel codes it.
    static func codedRGB(_ path: String, width: Int, height: Int) throws -> (Int, Int) -> [Double] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
        let bytes = [UInt8](r.data)
        try #require(r.status == 0 && bytes.count == width * height * 3 / 2, "\(r.stderr)")
        return { x, y in
            let l = (Double(bytes[y * width + x]) - 16) / 219
            let c = (y / 2) * (width / 2) + x / 2
            let pb = (Double(bytes[width * height + c]) - 128) / 224
            let pr = (Double(bytes[width * height * 5 / 4 + c]) - 128) / 224
            let red = l + 1.5748 * pr
            let blue = l + 1.8556 * pb
            let green = (l - 0.2126 * red - 0.0722 * blue) / 0.7152
            return [red, green, blue].map { 255 * $0 }
        }
    }

    /// Every mode of the catalog, rendered by `reel` from a template over a photo and decoded from
    /// the all but losslessly encoded output, gives the spec's colour on every pair of colours, to
    /// within what the Y'CbCr round trip explains: the backdrop is the photo as coded (measured),
    /// the layer and the result each pass through 8-bit 4:2:0 (about 1.5 levels of R'G'B' each),
    /// which the steepest mode here (`colorBurn`) amplifies by about 1.8.
    @Test func everyModeGivesTheSpecsColourOnRenderedPixels() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("blends")
        try FileManager.default.createDirectory(atPath: folder + "/layers", withIntermediateDirectories: true)
        let width = Self.pairs.count * Self.cell
        let height = (Self.rows.count + 1) * Self.cell
        var base: [UInt8] = []
        for _ in 0..<height {
            for j in 0..<width { base += Self.pairs[j / Self.cell].backdrop }
        }
        try Self.png(base, width: width, height: height, alpha: false, to: dir.file("base.png"))
        var strip: [UInt8] = []
        for _ in 0..<Self.cell {
            for j in 0..<width { strip += Self.pairs[j / Self.cell].layer + [255] }
        }
        try Self.png(strip, width: width, height: Self.cell, alpha: true, to: folder + "/layers/strip.png")
        let layers = Self.rows.enumerated().map { i, row in
            """
            { "id": "row\(i)", "kind": "image", "file": "layers/strip.png", "x": 0, "y": \(Double(i * Self.cell) / Double(height)),
              "anchor": "topLeft", "width": 1, "blend": "\(row.mode)", "opacity": \(row.opacity) }
            """
        }
        let json = """
            { "format": 1, "name": "Blends", "canvas": { "width": \(width), "height": \(height), "frameRate": "30" },
              "slots": [{ "id": "base", "accepts": "image", "duration": "1f", "motion": "none" }],
              "layers": [\(layers.joined(separator: ", "))] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let v = try Reel.run(["validate", "--strict", folder])
        try #require(v.status == 0, "\(v.stdout)")
        let timeline = dir.file("t.json")
        let r = try Reel.run(["resolve", folder, dir.file("base.png"), "-o", timeline, "-q"])
        try #require(r.status == 0, "\(r.stderr)")
        // All but lossless (x264's high profile has no lossless mode; flat macroblocks at crf 1
        // come back as drawn), so what is compared is what Reel drew.
        let text = try String(contentsOfFile: timeline, encoding: .utf8)
        try #require(text.contains("\"crf\": 20"))
        try text.replacingOccurrences(of: "\"crf\": 20", with: "\"crf\": 1").write(toFile: timeline, atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let render = try Reel.run(["render", timeline, "-o", out, "-q"])
        try #require(render.status == 0, "\(render.stderr)")
        let pixel = try Self.codedRGB(out, width: width, height: height)

        var worst = (error: 0.0, cell: "")
        for (i, row) in Self.rows.enumerated() {
            for (j, pair) in Self.pairs.enumerated() {
                let got = pixel(j * Self.cell + Self.cell / 2, i * Self.cell + Self.cell / 2)
                let under = pixel(j * Self.cell + Self.cell / 2, height - Self.cell / 2)
                #expect(zip(under, pair.backdrop).allSatisfy { abs($0 - Double($1)) <= 2 }, "the photo as coded: \(under)")
                let want = (0..<3).map { c -> Double in
                    let cb = min(max(under[c] / 255, 0), 1)
                    return 255 * (row.opacity * Self.spec(row.mode, cb, Double(pair.layer[c]) / 255) + (1 - row.opacity) * cb)
                }
                let error = zip(got, want).map { abs($0 - $1) }.max() ?? 0
                if error > worst.error { worst = (error, "\(row.mode) of \(pair.layer) over \(pair.backdrop)") }
                #expect(
                    error <= 4,
                    "\(row.mode) at \(row.opacity) of \(pair.layer) over \(pair.backdrop): \(got.map { Int($0.rounded()) }) against \(want.map { Int($0.rounded()) })"
                )
            }
        }
        #expect(worst.error <= 4, "worst: \(worst)")
    }

    /// A green-screen clip in a keyed media layer over a red photo: no pixel of the frame is left
    /// green (green above the larger of red and blue by more than 24 levels), the red photo shows
    /// where the screen was, and the subject keeps its colour.
    @Test func aKeyedGreenScreenClipPlaysOverTheMedia() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("keyed")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A real screen's green (not pure), a skin-coloured subject with soft edges, sensor-like noise.
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "color=c=0x3cb44b:s=64x64:r=30:d=1",
            "-vf", "drawbox=x=20:y=16:w=24:h=32:color=0xe0ac8c:t=fill,gblur=sigma=0.7,noise=alls=3:allf=t",
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", dir.file("screen.mp4"),
        ])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xc81e1e:s=64x64", "-frames:v", "1", dir.file("red.png")])
        let json = """
            { "format": 1, "name": "Keyed", "canvas": { "width": 64, "height": 64, "frameRate": "30" },
              "slots": [{ "id": "background", "accepts": "image", "duration": "10f", "motion": "none" }],
              "layers": [{ "id": "presenter", "kind": "media", "accepts": "video", "rect": { "x": 0, "y": 0, "width": 1, "height": 1 },
                           "key": "chroma" }] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let out = dir.file("out.mp4")
        let r = try Reel.run(["make", folder, dir.file("red.png"), dir.file("screen.mp4"), "-o", out, "-q"])
        try #require(r.status == 0, "\(r.stderr)")
        let frame = try Tools.rgbFrame(out, index: 5)
        var greenest = (excess: Int.min, x: 0, y: 0)
        for y in 0..<64 {
            for x in 0..<64 {
                let p = frame.pixel(x, y)
                let excess = p.g - max(p.r, p.b)
                if excess > greenest.excess { greenest = (excess, x, y) }
            }
        }
        #expect(greenest.excess <= 24, "green left at \(greenest)")
        let background = frame.average(6, 56)
        #expect(background.r > 170 && background.g < 60 && background.b < 60, "the red photo shows where the screen was: \(background)")
        let subject = frame.average(32, 32)
        #expect(abs(subject.r - 224) < 20 && abs(subject.g - 172) < 20 && abs(subject.b - 140) < 20, "the subject keeps its colour: \(subject)")
    }

    /// `reel validate` names an unknown mode and a key number out of its range, each with its code
    /// and a fix.
    @Test func validateReportsABadModeAndAKeyOutOfRange() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("bad")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json = """
            { "format": 1, "name": "Bad", "canvas": { "width": 64, "height": 64, "frameRate": "30" },
              "slots": [{ "id": "a", "duration": 1 }],
              "layers": [{ "id": "pip", "kind": "media", "rect": { "x": 0, "y": 0, "width": 1, "height": 1 }, "blend": "sreen",
                           "key": { "kind": "chroma", "similarity": 1.5 } }] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let r = try Reel.run(["validate", folder])
        #expect(r.status == 1)
        let report = r.stdout + r.stderr
        #expect(report.contains("error[T014]: /layers/0/blend: 'sreen' is not a blend mode in the catalog"), "\(report)")
        #expect(report.contains("note: did you mean 'screen'?"), "\(report)")
        #expect(report.contains("error[T050]: /layers/0/key/similarity"), "\(report)")
        #expect(report.contains("0.01"), "the fix names the range: \(report)")
    }
}
