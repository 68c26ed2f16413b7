import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import TemplateFormat
import Testing
import TimelineModel

@testable import Previews

/// Contact sheets, checked against what the render core draws for export and against the ffmpeg
/// command line's own decoding of the source.
@Suite struct PreviewTests {
    // MARK: layout and cells (no media)

    @Test func defaultLayoutFollowsTheCanvasShape() throws {
        let portrait = try SheetLayout(cells: 10, aspect: 9.0 / 16, options: SheetLayoutOptions(), labelLines: 3, headerLines: 2)
        let landscape = try SheetLayout(cells: 12, aspect: 16.0 / 9, options: SheetLayoutOptions(), labelLines: 1, headerLines: 2)
        #expect(portrait.columns == 5 && portrait.rows == 2)
        #expect(landscape.columns == 4 && landscape.rows == 3)
        #expect(portrait.cellHeight > portrait.cellWidth && landscape.cellWidth > landscape.cellHeight)
        for layout in [portrait, landscape] {
            for i in 0..<(layout.columns * layout.rows) {
                let o = layout.cellOrigin(i)
                #expect(o.x % 2 == 0 && o.y % 2 == 0, "4:2:0 cells start on even pixels")
                #expect(o.x + layout.cellWidth <= layout.width && o.y + layout.cellHeight + layout.labelHeight <= layout.height)
            }
        }
        let grid = try SheetLayout(cells: 12, aspect: 1, options: SheetLayoutOptions(columns: 6, rows: 2, width: 900), labelLines: 1, headerLines: 0)
        #expect(grid.columns == 6 && grid.rows == 2 && grid.width == 900 && grid.headerHeight == 0)
        #expect(throws: PreviewError.self) { try SheetLayout(cells: 0, aspect: 1, options: SheetLayoutOptions(), labelLines: 1, headerLines: 1) }
        #expect(throws: PreviewError.self) { try SheetLayout(cells: 5000, aspect: 1, options: SheetLayoutOptions(), labelLines: 1, headerLines: 1) }
    }

    static let rate = FrameRate(25)
    static func t(_ frames: Int64) -> RationalTime { rate.time(ofFrame: frames) }

    func threeClips(media: String = "x.png") -> Timeline {
        let clips = [("a", 0, 25), ("b", 25, 75), ("c", 75, 100)].map { id, s, e in
            VideoClip(
                id: id, media: media, kind: .image, timelineRange: TimeRange(start: Self.t(Int64(s)), end: Self.t(Int64(e))),
                sourceRange: TimeRange(start: .zero, end: Self.t(Int64(e - s))))
        }
        return Timeline(
            canvas: Canvas(width: 160, height: 90), frameRate: Self.rate, duration: Self.t(100), clips: clips,
            transitions: [Transition(kind: "crossfade", from: "b", to: "c", range: TimeRange(start: Self.t(70), end: Self.t(80)))])
    }

    @Test func slotCellsSitAtMidpointsWithTheirTransition() throws {
        let cells = try SheetCells.cells(for: threeClips(), selection: .slots)
        #expect(cells.map(\.frame) == [12, 50, 87])
        #expect(cells[0].lines == ["1 a", "0:00.00–0:01.00  1 s", "start"])
        #expect(cells[2].lines[2] == "crossfade in, 0.4 s")
        let every = try SheetCells.cells(for: threeClips(), selection: .every(RationalTime(seconds: 1)))
        #expect(every.map(\.frame) == [0, 25, 50, 75])
        #expect(every[3].lines.contains("crossfade b → c"))
        let even = try SheetCells.cells(for: threeClips(), selection: .count(4))
        #expect(even.map(\.frame) == [12, 37, 62, 87])
    }

    // MARK: template and timeline sheets

    func writeTemplate(_ dir: TemporaryFolder) throws -> String {
        let folder = dir.file("tpl")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let json = """
            { "format": 1, "name": "Three", "canvas": { "width": 180, "height": 320, "frameRate": "25" },
              "slots": [ { "id": "one", "accepts": "video", "duration": 1 }, { "id": "two", "accepts": "image", "duration": 1 },
                         { "id": "three", "duration": 2 } ] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func placeholderSheetHasHeaderLabelsAndOneCellPerSlot() throws {
        let dir = TemporaryFolder()
        let folder = try writeTemplate(dir)
        let template = try #require(try TemplateLoader.load(folder: folder).template)
        let placeholders = try PlaceholderMedia(template: template)
        let timeline = try placeholders.timeline(template: template, templateFolder: folder)
        #expect(timeline.clips.map(\.media) == placeholders.paths, "each slot shows its own placeholder")
        let header = SheetHeader(template: template, timeline: timeline, placeholders: true)
        #expect(header.details[0].contains("180x320") && header.details[0].contains("3 slots") && header.details[0].contains("4 s"))
        let sheet = try TimelineSheet.make(timeline, header: header, selection: .slots, options: SheetLayoutOptions(width: 600))
        let layout = sheet.layout
        #expect(layout.columns == 3 && layout.rows == 1)
        let bg = SheetLayoutOptions.defaultBackground
        let image = sheet.image()
        func bright(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int) -> Int {
            var n = 0
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) where image.pixel(x: x, y: y).r > 150 { n += 1 } }
            return n
        }
        #expect(bright(0, 0, layout.width, layout.headerHeight) > 200, "the header's text is drawn")
        for i in 0..<3 {
            let o = layout.cellOrigin(i)
            #expect(bright(o.x, o.y + layout.cellHeight, layout.cellWidth, layout.labelHeight) > 50, "label \(i) is drawn")
            // A placeholder cell: its own colour, not the sheet's background, at a corner away from the text.
            let p = image.pixel(x: o.x + 6, y: o.y + 6)
            let distance = abs(Int(p.r) - Int(bg.red)) + abs(Int(p.g) - Int(bg.green)) + abs(Int(p.b) - Int(bg.blue))
            #expect(distance > 30, "cell \(i) is drawn")
        }
        let c0 = image.pixel(x: layout.cellOrigin(0).x + 6, y: layout.cellOrigin(0).y + 6)
        let c1 = image.pixel(x: layout.cellOrigin(1).x + 6, y: layout.cellOrigin(1).y + 6)
        #expect(c0.r != c1.r || c0.g != c1.g || c0.b != c1.b, "neighbouring slots differ in colour")
        // Without a header there is no header band.
        let bare = try TimelineSheet.make(timeline, header: nil, selection: .slots, options: SheetLayoutOptions(width: 600))
        #expect(bare.layout.headerHeight == 0 && bare.layout.height < layout.height)
    }

    /// A slot of "2 beats" at 140 BPM lasts 6/7 s (0.857 s) in the template but 26 frames at 30 fps
    /// (0.867 s, the next 25 frames) in the timeline: the placeholder picture in the cell and the label under it both
    /// say the clip's length in the timeline.
    @Test func placeholderAndLabelSayTheSameLength() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("beats")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestMedia.tone(folder + "/music.m4a", seconds: "3")
        let json = """
            { "format": 1, "name": "Beats", "canvas": { "width": 180, "height": 320, "frameRate": "30" },
              "music": { "file": "music.m4a", "beats": [0, 0.428571, 0.857143, 1.285714, 1.714286, 2.142857, 2.571429] },
              "slots": [ { "id": "one", "duration": "2 beats" }, { "id": "two", "duration": "2 beats" } ] }
            """
        try json.write(toFile: folder + "/template.json", atomically: true, encoding: .utf8)
        let template = try #require(try TemplateLoader.load(folder: folder).template)
        let placeholders = try PlaceholderMedia(template: template, width: 180)
        let timeline = try placeholders.timeline(template: template, templateFolder: folder)
        let cells = try SheetCells.cells(for: timeline, selection: .slots)
        let text = try SheetTextPainter()
        for (i, slot) in template.slots.enumerated() {
            let clip = try #require(timeline.clips.first { $0.id == slot.id })
            let length = clip.timelineRange.duration
            #expect(SheetCells.seconds(slot.duration) == "0.86 s")
            #expect(SheetCells.seconds(length) == (i == 0 ? "0.87 s" : "0.83 s"), "frames 0-25, then 26-50")
            #expect(cells[i].lines[1].hasSuffix("  \(SheetCells.seconds(length))"), "the label: \(cells[i].lines)")
            // The picture on disk is the one drawn with the clip's length, not the template's.
            let drawn = try PNGFile.read(placeholders.paths[i])
            let clipLength = try PlaceholderMedia.picture(slot: slot, number: i + 1, length: length, width: 180, height: 320, text: text)
            let nominal = try PlaceholderMedia.picture(slot: slot, number: i + 1, length: slot.duration, width: 180, height: 320, text: text)
            #expect(drawn.pixels == clipLength.rgbaImage().pixels, "cell \(i + 1) says its clip's length")
            #expect(drawn.pixels != nominal.rgbaImage().pixels, "0.86 s would be a different picture")
        }
    }

    /// Mean colour of each of 4x4 blocks of an RGB picture given as a pixel function.
    func blocks(width: Int, height: Int, _ pixel: (Int, Int) -> (Int, Int, Int)) -> [(Int, Int, Int)] {
        var out: [(Int, Int, Int)] = []
        for by in 0..<4 {
            for bx in 0..<4 {
                var s = (0, 0, 0)
                var n = 0
                // Inner part of each block, away from edges where scaling filters differ most.
                for y in (by * height / 4 + height / 16)..<((by + 1) * height / 4 - height / 16) {
                    for x in (bx * width / 4 + width / 16)..<((bx + 1) * width / 4 - width / 16) {
                        let p = pixel(x, y)
                        s = (s.0 + p.0, s.1 + p.1, s.2 + p.2)
                        n += 1
                    }
                }
                out.append((s.0 / max(n, 1), s.1 / max(n, 1), s.2 / max(n, 1)))
            }
        }
        return out
    }

    /// Largest difference of any channel of any block.
    func maxDifference(_ a: [(Int, Int, Int)], _ b: [(Int, Int, Int)]) -> Int {
        var worst = 0
        for (p, q) in zip(a, b) {
            worst = max(worst, abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2))
        }
        return worst
    }

    @Test func cellShowsTheFrameTheExportHasAtThatTime() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("src.mp4")
        let photo = dir.file("p.jpg")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=320x180:r=25:d=3", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0",
            "-pix_fmt", "yuv420p", clip,
        ])
        try TestMedia.jpeg(photo, width: 320, height: 180, color: "orange", marker: (40, 40, 80, "navy"))
        let clips = [
            VideoClip(
                id: "v", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: Self.t(50)),
                sourceRange: TimeRange(start: Self.t(10), end: Self.t(60))),
            VideoClip(
                id: "p", media: photo, kind: .image, timelineRange: TimeRange(start: Self.t(50), end: Self.t(75)),
                sourceRange: TimeRange(start: .zero, end: Self.t(25)),
                motion: [TransformKeyframe(time: .zero, scale: 1), TransformKeyframe(time: Self.t(24), scale: 1.5)]),
        ]
        let timeline = Timeline(
            canvas: Canvas(width: 320, height: 180), frameRate: Self.rate, duration: Self.t(75), clips: clips,
            transitions: [Transition(kind: "crossfade", from: "v", to: "p", range: TimeRange(start: Self.t(45), end: Self.t(55)))],
            output: OutputSettings(crf: 8, preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out)
        let selection = SheetSelection.count(5)
        let sheet = try TimelineSheet.make(timeline, header: nil, selection: selection, options: SheetLayoutOptions(columns: 5, width: 1200))
        let image = sheet.image()
        let cells = try SheetCells.cells(for: timeline, selection: selection)
        for (i, cell) in cells.enumerated() {
            let frame = try Tools.rgbFrame(out, index: Int(cell.frame))
            let o = sheet.layout.cellOrigin(i)
            let ours = blocks(width: sheet.layout.cellWidth, height: sheet.layout.cellHeight) { x, y in
                let p = image.pixel(x: o.x + x, y: o.y + y)
                return (Int(p.r), Int(p.g), Int(p.b))
            }
            let theirs = blocks(width: frame.width, height: frame.height) { x, y in frame.pixel(x, y) }
            let worst = maxDifference(ours, theirs)
            #expect(worst <= 14, "cell \(i) (frame \(cell.frame)) differs from the export by \(worst)")
        }
        // And the check can fail: a cell compared with another time of the video differs.
        let wrong = try Tools.rgbFrame(out, index: Int(cells[4].frame))
        let o = sheet.layout.cellOrigin(0)
        let first = blocks(width: sheet.layout.cellWidth, height: sheet.layout.cellHeight) { x, y in
            let p = image.pixel(x: o.x + x, y: o.y + y)
            return (Int(p.r), Int(p.g), Int(p.b))
        }
        let other = blocks(width: wrong.width, height: wrong.height) { x, y in wrong.pixel(x, y) }
        #expect(maxDifference(first, other) > 40)
    }

    // MARK: video files

    @Test func videoCellsShowTheExactFrameOfTheirPrintedTime() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try TestMedia.countingClip(clip, frames: 90, rate: "30", width: 64, height: 64, step: 2)
        let result = try VideoSheet.make(clip, options: SheetLayoutOptions(columns: 4, rows: 3, width: 640))
        #expect(result.times.count == 12)
        let layout = result.sheet.layout
        var offKeyframe = 0
        for (i, time) in result.times.enumerated() {
            let frame = Int(FrameRate(30).frame(at: time, rounding: .toNearestOrAwayFromZero))
            // Evenly spaced: cell i's frame lies in its twelfth of the clip (at its middle unless skipped).
            #expect(frame >= i * 90 / 12 && frame < (i + 1) * 90 / 12 + 1, "cell \(i) at frame \(frame)")
            if frame % 10 != 0 { offKeyframe += 1 }
            let o = layout.cellOrigin(i)
            let luma = Int(result.sheet.picture.luma(x: o.x + layout.cellWidth / 2, y: o.y + layout.cellHeight / 2))
            let expected = 16 + (frame * 2 * 219 + 127) / 255
            #expect(abs(luma - expected) <= 2, "cell \(i): shows luma \(luma), frame \(frame) has \(expected)")
        }
        #expect(offKeyframe >= 8, "exact frames, not the keyframes every 10 frames")
        // The last cell is near the end, never frame 0.
        #expect(result.times[11] > RationalTime(seconds: 2))
    }

    @Test func blackFramesAreSkippedForABetterOneNearby() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("dark.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=160x90:r=25:d=4,drawbox=c=black:t=fill:enable='between(t,1.3,1.7)'",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", clip,
        ])
        let result = try VideoSheet.make(clip, options: SheetLayoutOptions(columns: 2, rows: 2, width: 400), header: false)
        let seconds = result.times.map(\.seconds)
        #expect(abs(seconds[0] - 0.48) < 0.05 && abs(seconds[2] - 2.48) < 0.05, "good frames stay where they are: \(seconds)")
        #expect(seconds[1] >= 1.0 && seconds[1] < 2.0 && (seconds[1] < 1.3 || seconds[1] >= 1.7), "the black frame at 1.5 s is replaced: \(seconds)")
        let o = result.sheet.layout.cellOrigin(1)
        let q = FrameQuality(cellOf: result.sheet, at: o)
        #expect(!q.isBlack)
    }

    @Test func corruptVideoGivesAMediaError() throws {
        let dir = TemporaryFolder()
        let bad = dir.file("bad.mp4")
        try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: bad))
        #expect(throws: FileAccessError.self) { try VideoSheet.make(bad) }
    }

    // MARK: animations

    @Test(arguments: ["gif", "webp"]) func animatedPreviewLoopsTheWholeTimeline(ext: String) throws {
        let dir = TemporaryFolder()
        let red = dir.file("red.png")
        let blue = dir.file("blue.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", red])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=64x64", "-frames:v", "1", blue])
        let clips = [
            VideoClip(
                id: "a", media: red, kind: .image, timelineRange: TimeRange(start: .zero, end: Self.t(25)),
                sourceRange: TimeRange(start: .zero, end: Self.t(25))),
            VideoClip(
                id: "b", media: blue, kind: .image, timelineRange: TimeRange(start: Self.t(25), end: Self.t(50)),
                sourceRange: TimeRange(start: .zero, end: Self.t(25))),
        ]
        let timeline = Timeline(canvas: Canvas(width: 640, height: 360), frameRate: Self.rate, duration: Self.t(50), clips: clips)
        let out = dir.file("a.\(ext)")
        try AnimatedPreview.write(timeline, to: out, maxSide: 160, frameRate: FrameRate(10))
        let r = try Tools.run(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", out,
            ])
        let fields = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        #expect(fields.count == 4, "\(r.stdout) \(r.stderr)")
        if ext == "gif" {
            #expect(fields == ["gif", "160", "90", "20"])
            let first = try Tools.rgbFrame(out, index: 2).average(80, 45, radius: 6)
            let last = try Tools.rgbFrame(out, index: 17).average(80, 45, radius: 6)
            #expect(first.r > 180 && first.b < 80, "starts red: \(first)")
            #expect(last.b > 180 && last.r < 80, "ends blue: \(last)")
        } else {
            // FFmpeg 5.1 cannot decode animated WebP; its muxer's header is enough to check.
            #expect(fields[0] == "webp")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WEBPVP8X")
            #expect(String(decoding: bytes, as: UTF8.self).contains("ANIM"), "an animated WebP")
        }
    }

    @Test func posterIsTheFrameAtTheTime() throws {
        let dir = TemporaryFolder()
        let red = dir.file("red.png")
        let blue = dir.file("blue.png")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", red])
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=blue:s=64x64", "-frames:v", "1", blue])
        var timeline = threeClips(media: red)
        timeline.clips[1].media = blue
        timeline.transitions = []
        let image = try Poster.image(timeline, at: RationalTime(seconds: 2), width: 80)
        #expect(image.width == 80)
        #expect(image.height == 44 || image.height == 45)
        let p = image.pixel(x: 40, y: 22)
        #expect(p.b > 200 && p.r < 60, "at 2 s the second clip shows: \(p)")
        let start = try Poster.image(timeline, at: .zero).pixel(x: 80, y: 45)
        #expect(start.r > 200 && start.b < 60)
    }
}

extension FrameQuality {
    /// The quality of the cell whose top-left is `origin` on `sheet`.
    init(cellOf sheet: ContactSheet, at origin: (x: Int, y: Int)) {
        let cell = sheet.makeCellPicture()
        for row in 0..<cell.height {
            (cell.y + row * cell.lumaStride).update(from: sheet.picture.y + (origin.y + row) * sheet.picture.lumaStride + origin.x, count: cell.width)
        }
        self.init(cell)
    }
}
