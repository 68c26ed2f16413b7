import Foundation
import ReelTestSupport
import Testing

/// Every picture a camera, a browser or an editor writes is read with its colours, or refused in
/// one line: one small file of each pixel format and still format, four quadrants of known
/// colours (the top-left one half transparent where the format has alpha), put through `make`,
/// `make --reframe smart`, `probe --subjects`, a contact sheet and a poster; each slot's colours
/// compared with ffmpeg's own decoding of the file, flattened over black.
@Suite(.serialized) struct PictureFormatTests {
    /// 128 x 96: red, green, blue and cream quadrants of 64 x 48, as the slots of the template show them.
    static let quadrants =
        "color=c=0xE03030:s=128x96,drawbox=x=64:y=0:w=64:h=48:color=0x30C040:t=fill,"
        + "drawbox=x=0:y=48:w=64:h=48:color=0x3050D0:t=fill,drawbox=x=64:y=48:w=64:h=48:color=0xF0E8D0:t=fill"
    static let halfTransparent = ",format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,64)*lt(Y,48),128,255)'"
    static let centres = [(32, 24), (96, 24), (32, 72), (96, 72)]

    /// A file of each (name, pixel format asked of ffmpeg's encoder, whether it has alpha).
    static let stills: [(String, String, Bool)] = [
        ("png-palette.png", "pal8", false), ("png-1bit.png", "monob", false), ("png-gray.png", "gray", false),
        ("png-gray16.png", "gray16be", false), ("png-gray-alpha.png", "ya8", true), ("png-gray16-alpha.png", "ya16be", true),
        ("png-rgb48.png", "rgb48be", false), ("png-rgba64.png", "rgba64be", true), ("png-rgba.png", "rgba", true),
        ("jpeg-420.jpg", "yuvj420p", false), ("jpeg-422.jpg", "yuvj422p", false), ("jpeg-444.jpg", "yuvj444p", false),
        ("bmp-bgr24.bmp", "bgr24", false), ("bmp-bgra.bmp", "bgra", true), ("bmp-rgb555.bmp", "rgb555", false),
        ("bmp-palette.bmp", "pal8", false), ("bmp-1bit.bmp", "monob", false), ("gif-palette.gif", "pal8", false),
        ("tiff-rgb48.tif", "rgb48le", false), ("tiff-rgba64.tif", "rgba64le", true), ("tiff-gray16.tif", "gray16le", false),
        ("tiff-1bit.tif", "monow", false), ("tiff-palette.tif", "pal8", false), ("tiff-gray-alpha.tif", "ya8", true),
        ("tiff-ycbcr.tif", "yuv420p", false), ("webp-lossy.webp", "yuv420p", false), ("webp-alpha.webp", "yuva420p", true),
    ]

    /// Videos in the layouts only video decoders give: packed 4:2:2, semi-planar, planar RGB
    /// with and without alpha, 4:1:0, 10-bit gray.
    static let videos: [(String, String, Bool)] = [
        ("yuyv422.nut", "yuyv422", false), ("uyvy422.nut", "uyvy422", false), ("nv12.nut", "nv12", false),
        ("gbrp.nut", "gbrp", false), ("gbrap.nut", "gbrap", true), ("yuva444p.nut", "yuva444p", true),
        ("yuv410p.nut", "yuv410p", false), ("gray10.nut", "gray10le", false),
    ]

    /// Makes the stills (plus a CMYK JPEG, HEIC and AVIF) in `dir`; returns their names in order
    /// and, for each, the file whose decoding by ffmpeg is the reference.
    func makeStills(_ dir: TemporaryFolder) throws -> [(name: String, reference: String)] {
        // One ffmpeg run for the opaque files, one for those with alpha (an output per file).
        for alpha in [false, true] {
            let outputs = Self.stills.filter { $0.2 == alpha }.flatMap { ["-frames:v", "1", "-pix_fmt", $0.1, dir.file($0.0)] }
            try Tools.ffmpeg(["-f", "lavfi", "-i", Self.quadrants + (alpha ? Self.halfTransparent : "")] + outputs)
        }
        var files: [(String, String)] = Self.stills.map { ($0.0, $0.0) }
        // Stored C'M'Y'K' = 255 - ink: red and green above, then blue and cream under 22 % black.
        try CMYKJPEG.write(dir.file("cmyk.jpg"), width: 128, height: 96) { x, y in
            let left = x < 64
            return y < 48 ? (left ? [224, 48, 48, 255] : [48, 192, 64, 255]) : (left ? [48, 80, 208, 200] : [240, 232, 208, 200])
        }
        files.append(("cmyk.jpg", "cmyk.jpg"))
        // YCCK (transform 2), which FFmpeg decodes to Y'CbCr with a fourth plane.
        try CMYKJPEG.write(dir.file("ycck.jpg"), width: 128, height: 96, ycck: true) { x, y in
            let left = x < 64
            return y < 48 ? (left ? [120, 100, 160, 200] : [200, 128, 128, 255]) : (left ? [60, 160, 100, 230] : [180, 90, 200, 160])
        }
        files.append(("ycck.jpg", "ycck.jpg"))
        // libheif's encoder (FFmpeg 5.1 reads neither): compared with the pictures it was given.
        try Tools.ffmpeg(["-f", "lavfi", "-i", Self.quadrants, "-frames:v", "1", dir.file("source.png")])
        try Tools.ffmpeg(["-f", "lavfi", "-i", Self.quadrants + Self.halfTransparent, "-frames:v", "1", dir.file("source-alpha.png")])
        for (name, source, extra) in [
            ("heic.heic", "source.png", [String]()), ("heic-alpha.heic", "source-alpha.png", []), ("avif.avif", "source.png", ["-A"]),
        ] {
            let r = try Tools.run("heif-enc", extra + ["-q", "95", "-o", dir.file(name), dir.file(source)])
            try #require(r.status == 0, "heif-enc: \(r.stderr)")
            files.append((name, source))
        }
        return files
    }

    /// A template of `count` still slots of 0.4 s (10 frames), the canvas the pictures' size.
    func template(_ dir: TemporaryFolder, count: Int) throws -> String {
        let folder = dir.file("formats")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let slots = (0..<count).map { "{ \"id\": \"s\($0)\", \"duration\": 0.4, \"motion\": \"none\" }" }.joined(separator: ", ")
        let json = """
            { "format": 1, "name": "Formats", "canvas": { "width": 128, "height": 96, "frameRate": "25" }, "slots": [\(slots)] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        return folder
    }

    /// ffmpeg's decoding of `path`'s first picture, flattened over black, averaged around each centre.
    func referenceColours(_ path: String) throws -> [(r: Int, g: Int, b: Int)] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let bytes = [UInt8](r.data)
        try #require(r.status == 0 && bytes.count == 128 * 96 * 4, "decoding \(path): \(r.stderr)")
        return Self.centres.map { (cx, cy) in
            var sum = [0, 0, 0]
            for y in cy - 3...cy + 3 {
                for x in cx - 3...cx + 3 {
                    let i = (y * 128 + x) * 4
                    for c in 0..<3 { sum[c] += Int(bytes[i + c]) * Int(bytes[i + 3]) / 255 }
                }
            }
            return (sum[0] / 49, sum[1] / 49, sum[2] / 49)
        }
    }

    /// Checks that frame `index` of each slot of `video` shows its file's colours.
    func expectColours(of video: String, files: [(name: String, reference: String)], references: [[(r: Int, g: Int, b: Int)]]) throws {
        let frames = try Tools.rgbFrames(video)
        try #require(frames.count == files.count * 10, "\(frames.count) frames")
        for (slot, file) in files.enumerated() {
            let expected = references[slot]
            let frame = frames[slot * 10 + 5]
            for (point, want) in zip(Self.centres, expected) {
                let got = frame.average(point.0, point.1)
                let off = max(abs(got.r - want.r), abs(got.g - want.g), abs(got.b - want.b))
                #expect(off <= 12, "\(file.name) at \(point): \(got) where ffmpeg decodes \(want)")
            }
        }
    }

    @Test func everyStillFormatIsReadWithItsColoursByMakeSmartReframingProbeAndPreviews() throws {
        let dir = TemporaryFolder()
        let files = try makeStills(dir)
        // Sanity of the reference itself: the palette PNG's top-left is red, the CMYK's bottom-right cream under black.
        let palette = try referenceColours(dir.file("png-palette.png"))
        #expect(palette[1].g > 170 && palette[1].r < 70, "\(palette[1])")
        let cmyk = try referenceColours(dir.file("cmyk.jpg"))
        #expect(abs(cmyk[3].r - 188) <= 2 && abs(cmyk[3].b - 163) <= 2, "\(cmyk[3])")
        let template = try template(dir, count: files.count)
        let environment = ["XDG_CACHE_HOME": dir.file("cache")]
        let paths = files.map { dir.file($0.name) }
        let references = try files.map { try referenceColours(dir.file($0.reference)) }

        let made = dir.file("made.mp4")
        let r = try Reel.run(["make", template] + paths + ["-o", made, "-q", "--quality", "draft"], environment: environment)
        try #require(r.status == 0, "\(r.stderr)")
        try expectColours(of: made, files: files, references: references)

        // Smart reframing reads every picture for its subjects; the canvas is the pictures' shape,
        // so the framing shows them whole.
        let smart = dir.file("smart.mp4")
        let s = try Reel.run(["make", template] + paths + ["--reframe", "smart", "-o", smart, "-q", "--quality", "draft"], environment: environment)
        try #require(s.status == 0, "\(s.stderr)")
        try expectColours(of: smart, files: files, references: references)

        let probe = try Reel.run(["probe", "--subjects", "--format", "json"] + paths, environment: environment)
        #expect(probe.status == 0, "\(probe.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [String: Any]
        let probed = document?["files"] as? [[String: Any]] ?? []
        #expect(probed.count == files.count && probed.allSatisfy { $0["subjects"] != nil }, "\(probe.stdout.prefix(500))")

        let sheet = dir.file("sheet.png")
        let p = try Reel.run(["preview", template, "--media"] + paths + ["-o", sheet, "-q"], environment: environment)
        #expect(p.status == 0 && FileManager.default.fileExists(atPath: sheet), "\(p.stderr)")

        // A poster of the palette picture and of the CMYK one: the PNG's own pixels.
        for name in ["png-palette.png", "cmyk.jpg", "png-gray16-alpha.png"] {
            let poster = dir.file("poster-\(name).png")
            let one = try Reel.run(["poster", template, "--media", dir.file(name), "-o", poster, "-q"], environment: environment)
            try #require(one.status == 0, "\(one.stderr)")
            let frame = try Tools.rgbFrame(poster, index: 0)
            let index = try #require(files.firstIndex { $0.name == name })
            for (point, want) in zip(Self.centres, references[index]) {
                let got = frame.average(point.0, point.1)
                #expect(
                    max(abs(got.r - want.r), abs(got.g - want.g), abs(got.b - want.b)) <= 12, "poster of \(name) at \(point): \(got), not \(want)")
            }
        }
    }

    @Test func videosInEveryLayoutAreReadWithTheirColours() throws {
        let dir = TemporaryFolder()
        for alpha in [false, true] {
            let outputs = Self.videos.filter { $0.2 == alpha }.flatMap { ["-t", "0.4", "-pix_fmt", $0.1, "-c:v", "rawvideo", dir.file($0.0)] }
            try Tools.ffmpeg(["-f", "lavfi", "-i", Self.quadrants + (alpha ? Self.halfTransparent : "") + ",fps=25"] + outputs)
        }
        let files = Self.videos.map { (name: $0.0, reference: $0.0) }
        let template = try template(dir, count: files.count)
        let made = dir.file("made.mp4")
        let r = try Reel.run(["make", template] + files.map { dir.file($0.name) } + ["-o", made, "-q", "--quality", "draft"])
        try #require(r.status == 0, "\(r.stderr)")
        try expectColours(of: made, files: files, references: try files.map { try referenceColours(dir.file($0.reference)) })
    }

    /// A layout swscale cannot read (4:1:1 packed as UYYVYY) is refused, by probe and by make,
    /// in one line naming the file and the format.
    @Test func aPixelFormatReelCannotConvertIsRefusedInOneLine() throws {
        let dir = TemporaryFolder()
        let raw = dir.file("frames.raw")
        try Data(repeating: 0x80, count: 64 * 64 * 3 / 2 * 10).write(to: URL(fileURLWithPath: raw))
        let video = dir.file("packed411.nut")
        try Tools.ffmpeg(["-f", "rawvideo", "-pix_fmt", "uyyvyy411", "-s", "64x64", "-r", "25", "-i", raw, "-c:v", "copy", video])
        let template = try template(dir, count: 1)
        for args in [["probe", video], ["make", template, video, "-o", dir.file("out.mp4"), "-q"]] {
            let r = try Reel.run(args)
            #expect(r.status == 1, "\(args[0]): exit \(r.status)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("reel: error: \(video)") && lines[0].contains("uyyvyy411"), "\(args[0]): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.mp4")))
    }
}
