import Foundation
import MediaFacts
import MediaIO
import MediaTime
import ReelTestSupport
import RenderCore
import Testing
import TimelineModel

@Suite struct ExportTests {
    let rate = FrameRate(30)
    func t(_ frames: Int64) -> RationalTime { FrameRate(30).time(ofFrame: frames) }

    func isRed(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 170 && p.g < 90 && p.b < 90 }
    func isBlue(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.b > 170 && p.r < 90 && p.g < 90 }

    /// A folder of phone photos in HEIC is read like any other: listed, probed and drawn.
    @Test func heicPhotosFromAFolderAreExported() throws {
        let dir = TemporaryFolder()
        let folder = dir.file("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let png = dir.file("red.png")
        let heic = (folder as NSString).appendingPathComponent("IMG_0042.HEIC")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "color=c=0xE01010:s=160x90", "-frames:v", "1", png])
        _ = try Tools.run("heif-enc", ["-q", "90", png, "-o", heic])
        let files = try AssetProbe.expand([folder])
        #expect(files == [heic])
        let asset = try AssetProbe.asset(heic)
        #expect(asset.kind == .image)
        let timeline = Timeline(
            canvas: Canvas(width: 160, height: 90), frameRate: rate, duration: t(15),
            clips: [
                VideoClip(
                    id: "photo", media: heic, kind: .image, timelineRange: TimeRange(start: .zero, end: t(15)),
                    sourceRange: TimeRange(start: .zero, end: t(15)), orientation: asset.orientation)
            ],
            output: OutputSettings(crf: 20, preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out)
        #expect(isRed(try Tools.rgbFrame(out, index: 7).average(80, 45)))
    }

    /// Portrait media stored landscape (display matrix 90°, EXIF 6) come out upright, and the music
    /// fades to silence at the end.
    @Test func exportsUprightClipsWithFadedMusic() throws {
        let dir = TemporaryFolder()
        // Displayed upright, the red marker is top-left; stored turned a quarter anticlockwise, it is bottom-left.
        let clip = dir.file("rotated.mp4")
        try TestMedia.colorClip(clip, width: 320, height: 180, seconds: "2", marker: (0, 120, 60, "red"), rotate: 90)
        let photo = dir.file("photo.jpg")
        try TestMedia.jpeg(photo, width: 320, height: 180, marker: (0, 120, 60, "red"), exifOrientation: 6)
        let music = dir.file("music.m4a")
        try TestMedia.tone(music, seconds: "5")

        let clipAsset = try AssetProbe.asset(clip)
        let photoAsset = try AssetProbe.asset(photo)
        #expect(clipAsset.orientation.rotation == 90 && photoAsset.orientation.rotation == 90)
        let timeline = Timeline(
            canvas: Canvas(width: 180, height: 320), frameRate: rate, duration: t(60),
            clips: [
                VideoClip(
                    id: "one", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: t(30)),
                    sourceRange: TimeRange(start: t(5), end: t(35)), orientation: clipAsset.orientation),
                VideoClip(
                    id: "two", media: photo, kind: .image, timelineRange: TimeRange(start: t(30), end: t(60)),
                    sourceRange: TimeRange(start: .zero, end: t(30)), orientation: photoAsset.orientation),
            ],
            audio: [
                AudioClip(
                    id: "music", media: music, timelineRange: TimeRange(start: .zero, end: t(60)),
                    volume: 0.8, fadeOut: RationalTime(value: 1, timescale: 2))
            ],
            output: OutputSettings(crf: 20, preset: "superfast"))
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out)

        let p = try Tools.probe(out)
        let v = try #require(p.video)
        #expect(v.codec == "h264" && v.profile == "High" && v.pixelFormat == "yuv420p")
        #expect(v.colorSpace == "bt709" && v.colorRange == "tv")
        #expect(v.width == 180 && v.height == 320)
        #expect(v.frames == 60)
        #expect(abs(v.duration - 2.0) <= 1.0 / 30)
        let a = try #require(p.audio)
        let audioDuration = Double(a["duration"] as? String ?? "") ?? 0
        #expect(abs(audioDuration - 2.0) <= 1.0 / 30, "audio lasts \(audioDuration) s")

        for frame in [10, 45] {
            let rgb = try Tools.rgbFrame(out, index: frame)
            #expect(isRed(rgb.average(20, 20)), "frame \(frame): marker top-left")
            #expect(isBlue(rgb.average(160, 20)), "frame \(frame): top-right is background")
            #expect(isBlue(rgb.average(20, 300)), "frame \(frame): bottom-left is background")
        }

        let samples = try Tools.audioSamples(out)
        func rms(_ range: Range<Int>) -> Float {
            let s = samples[range]
            return (s.reduce(0) { $0 + $1 * $1 } / Float(max(1, s.count))).squareRoot()
        }
        let total = samples.count
        let middle = rms(total / 2 - 9600..<total / 2 + 9600)
        let last = rms(total - 9600..<total)  // last 100 ms, stereo
        #expect(middle > 0.03, "music is audible in the middle (\(middle))")
        #expect(last < middle * 0.25, "music fades out at the end (\(last) vs \(middle))")
        let tail = rms(total - 960..<total)  // last 10 ms
        #expect(tail < 0.02, "silent at the very end (\(tail))")
    }

    @Test func frameCountIsExactAtNTSCRates() throws {
        let dir = TemporaryFolder()
        let photo = dir.file("p.jpg")
        try TestMedia.jpeg(photo, width: 64, height: 64)
        let ntsc = FrameRate(numerator: 30000, denominator: 1001)
        let d = ntsc.time(ofFrame: 37)
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: ntsc, duration: d,
            clips: [
                VideoClip(
                    id: "a", media: photo, kind: .image, timelineRange: TimeRange(start: .zero, end: d),
                    sourceRange: TimeRange(start: .zero, end: d))
            ],
            output: OutputSettings(preset: "superfast"))
        let out = dir.file("ntsc.mp4")
        try Exporter.export(timeline, to: out)
        let v = try #require(try Tools.probe(out).video)
        #expect(v.frames == 37)
        #expect(abs(v.duration - 37 * 1001 / 30000.0) < 0.001)
    }

    @Test func missingMediaFailsAndLeavesNoFile() throws {
        let dir = TemporaryFolder()
        let d = FrameRate(25).time(ofFrame: 10)
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 64), frameRate: FrameRate(25), duration: d,
            clips: [
                VideoClip(
                    id: "gone", media: dir.file("missing.mp4"), kind: .video,
                    timelineRange: TimeRange(start: .zero, end: d), sourceRange: TimeRange(start: .zero, end: d))
            ])
        let out = dir.file("out.mp4")
        #expect(throws: RenderError.self) { try Exporter.export(timeline, to: out) }
        #expect(dir.files.isEmpty)
    }

    /// The raw copy for quality measurements holds exactly the frames encoded, unencoded: a
    /// YUV4MPEG2 header, then one frame of planes without stride padding per output frame, whose
    /// pictures match the encoded ones (a counting clip: one frame off would be seen).
    @Test func rawVideoHoldsTheFramesHandedToTheEncoder() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try TestMedia.countingClip(clip, frames: 20, rate: "30", step: 8)
        let c = VideoClip(
            id: "c", media: clip, kind: .video, timelineRange: TimeRange(start: .zero, end: t(20)),
            sourceRange: TimeRange(start: .zero, end: t(20)))
        let timeline = Timeline(
            canvas: Canvas(width: 64, height: 48), frameRate: rate, duration: t(20), clips: [c], output: OutputSettings(crf: 10, preset: "superfast"))
        var options = ExportOptions()
        options.rawVideo = dir.file("raw.y4m")
        let out = dir.file("out.mp4")
        try Exporter.export(timeline, to: out, options: options)
        let bytes = try #require(FileManager.default.contents(atPath: dir.file("raw.y4m")))
        let header = "YUV4MPEG2 W64 H48 F30:1 Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n"
        #expect(bytes.starts(with: Data(header.utf8)))
        #expect(bytes.count == header.utf8.count + 20 * (6 + 64 * 48 * 3 / 2))
        let raw = try Tools.frameBrightness(dir.file("raw.y4m"))
        let encoded = try Tools.frameBrightness(out)
        #expect(raw.count == 20 && encoded.count == 20)
        #expect(Set(zip(raw, raw.dropFirst()).map { $1 - $0 }).allSatisfy { $0 >= 6 }, "raw frames count up: \(raw)")
        #expect(zip(raw, encoded).allSatisfy { abs($0 - $1) <= 2 }, "raw \(raw), encoded \(encoded)")
    }
}
