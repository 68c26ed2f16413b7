import MediaIO
import MediaTime
import ReelTestSupport
import Testing

@Suite struct VideoDecoderTests {
    /// Centre luma of every frame of `path`, decoded by the ffmpeg CLI.
    func referenceLuma(_ path: String, frames: Int, size: Int = 64) throws -> [Int] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let bytes = [UInt8](r.data)
        #expect(bytes.count == frames * size * size)
        // ffmpeg gives full-range grey; Reel's pictures are limited range (16...235).
        return (0..<frames).map { 16 + (Int(bytes[$0 * size * size + (size / 2) * size + size / 2]) * 219 + 127) / 255 }
    }

    func ourLuma(_ decoder: VideoDecoder, at time: RationalTime, step: RationalTime? = nil, choice: FrameChoice = .displayed) throws -> Int {
        let frame = try decoder.frame(at: time, step: step, choice: choice)
        let picture = Picture(width: 64, height: 64)
        try FrameScaler().draw(frame, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 64, height: 64))
        return Int(picture.luma(x: 32, y: 32))
    }

    @Test func seeksToExactFramesInAnyOrder() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try TestMedia.countingClip(clip, frames: 60, rate: "30", step: 4)
        let reference = try referenceLuma(clip, frames: 60)
        let decoder = try VideoDecoder(path: clip)
        let rate = FrameRate(30)
        // Forward, backward, far jumps, and times between grid points (which show the earlier frame).
        let order: [Int] = [0, 1, 2, 45, 44, 10, 59, 3, 30, 31, 12, 58, 0]
        for k in order {
            let t = rate.time(ofFrame: Int64(k)) + RationalTime(value: 1, timescale: 100)
            let luma = try ourLuma(decoder, at: t)
            #expect(abs(luma - reference[k]) <= 1, "frame \(k): got \(luma), expected \(reference[k])")
        }
    }

    @Test func holdsLastFramePastTheEnd() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try TestMedia.countingClip(clip, frames: 20, rate: "25", step: 8)
        let reference = try referenceLuma(clip, frames: 20)
        let decoder = try VideoDecoder(path: clip)
        #expect(abs(try ourLuma(decoder, at: RationalTime(seconds: 5)) - reference[19]) <= 1)
        #expect(abs(try ourLuma(decoder, at: .zero) - reference[0]) <= 1)
    }

    /// 120 pictures at 60 fps whose luma counts up by 2, with disposable B-pictures (lossless enough
    /// to tell each picture by its brightness).
    static func counting60(in dir: TemporaryFolder) throws -> String {
        let clip = dir.file("count60.mp4")
        let filter = "nullsrc=s=64x64:r=60,format=gray,geq=lum='min(255\\,N*2)',format=yuv420p"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", filter, "-frames:v", "120", "-c:v", "libx264", "-preset", "superfast", "-qp", "1",
            "-x264-params", "bframes=2:b-adapt=0:b-pyramid=none", "-g", "30", "-pix_fmt", "yuv420p", clip,
        ])
        return clip
    }

    /// 60 fps into 30 fps: every other picture is never shown; the disposable ones are not even
    /// decoded, and every picture asked for is still the exact one.
    @Test func skipsPicturesNobodyNeedsAndStaysExact() throws {
        let dir = TemporaryFolder()
        let clip = try Self.counting60(in: dir)
        let reference = try referenceLuma(clip, frames: 120)
        let decoder = try VideoDecoder(path: clip)
        let rate = FrameRate(30)
        for n in 0..<60 {
            let luma = try ourLuma(decoder, at: rate.time(ofFrame: Int64(n)), step: rate.frameDuration)
            #expect(abs(luma - reference[2 * n]) <= 1, "output frame \(n): got \(luma), expected \(reference[2 * n])")
        }
        #expect(decoder.skippedPackets > 20, "disposable pictures were skipped: \(decoder.skippedPackets)")
        // Off the grid now: a time inside a skipped picture still gets that exact picture.
        let back = try VideoDecoder(path: clip)
        for n in 0..<20 { _ = try back.frame(at: rate.time(ofFrame: Int64(n)), step: rate.frameDuration) }
        let odd = FrameRate(60).time(ofFrame: 41)
        let luma = try ourLuma(back, at: odd)
        #expect(abs(luma - reference[41]) <= 1, "odd 60 fps picture 41: got \(luma), expected \(reference[41])")
    }

    /// Strictly before: at a picture's own time the picture before it answers, a microsecond later
    /// the picture itself; before the second picture, the first. In any order, across keyframes
    /// (every 10 pictures: a seek for a keyframe's own time must land on the group before it).
    @Test func startedBeforeTakesTheEarlierPictureAtItsOwnTime() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try TestMedia.countingClip(clip, frames: 30, rate: "30", step: 8)
        let reference = try referenceLuma(clip, frames: 30)
        let decoder = try VideoDecoder(path: clip)
        let rate = FrameRate(30)
        let micro = RationalTime(value: 1, timescale: 1_000_000)
        for k in [1, 2, 3, 10, 20, 11, 29, 5, 0, 30] {
            let t = rate.time(ofFrame: Int64(k))
            let before = try ourLuma(decoder, at: t, choice: .startedBefore)
            #expect(abs(before - reference[max(0, k - 1)]) <= 1, "at picture \(k)'s time: got \(before), expected \(reference[max(0, k - 1)])")
            let after = try ourLuma(decoder, at: t + micro, choice: .startedBefore)
            #expect(abs(after - reference[min(29, k)]) <= 1, "just after picture \(k)'s time: got \(after)")
            let shown = try ourLuma(decoder, at: t)
            #expect(abs(shown - reference[min(29, k)]) <= 1, "on screen at picture \(k)'s time: got \(shown)")
        }
    }

    /// 60 fps into 30 fps as a clip asks (half an output frame later, strictly before): every
    /// request lands exactly on an odd picture's time, and the even picture before it answers;
    /// the odd ones are still skipped undecoded.
    @Test func skippingHoldsAtTiesStrictlyBefore() throws {
        let dir = TemporaryFolder()
        let clip = try Self.counting60(in: dir)
        let reference = try referenceLuma(clip, frames: 120)
        let decoder = try VideoDecoder(path: clip)
        let rate = FrameRate(30)
        let half = FrameRate(60).frameDuration
        for n in 0..<60 {
            let luma = try ourLuma(decoder, at: rate.time(ofFrame: Int64(n)) + half, step: rate.frameDuration, choice: .startedBefore)
            #expect(abs(luma - reference[2 * n]) <= 1, "output frame \(n): got \(luma), expected \(reference[2 * n])")
        }
        #expect(decoder.skippedPackets > 20, "disposable pictures were skipped: \(decoder.skippedPackets)")
    }

    /// A counting clip with B-pictures referring to B-pictures (pyramid), so decode order and
    /// display order differ: frame n shows grey level 2n.
    func pyramidCountingClip(_ path: String, frames: Int) throws {
        let filter = "nullsrc=s=64x64:r=30,format=gray,geq=lum='min(255\\,N*2)',format=yuv420p"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", filter, "-frames:v", "\(frames)", "-c:v", "libx264", "-preset", "superfast", "-qp", "1",
            "-x264-params", "bframes=3:b-adapt=0:b-pyramid=normal", "-g", "40", "-pix_fmt", "yuv420p", path,
        ])
    }

    /// Previews save work on pictures they do not show, and still answer with the exact frame,
    /// whatever the order of the requests: forward in the same group of pictures, backward, the
    /// same time twice, past the end.
    @Test(arguments: [DecodeEconomy.skimming, .stills]) func economiesStillGiveTheExactFrame(economy: DecodeEconomy) throws {
        let dir = TemporaryFolder()
        let clip = dir.file("pyramid.mp4")
        try pyramidCountingClip(clip, frames: 100)
        let reference = try referenceLuma(clip, frames: 100)
        let decoder = try VideoDecoder(path: clip, economy: economy)
        let rate = FrameRate(30)
        let order: [Int] = [37, 38, 41, 39, 5, 5, 0, 77, 99, 78, 42, 43, 1, 60, 61, 62, 63, 64, 20]
        for k in order {
            let t = rate.time(ofFrame: Int64(k)) + RationalTime(value: 1, timescale: 100)
            let luma = try ourLuma(decoder, at: t)
            #expect(abs(luma - reference[k]) <= 1, "\(economy) frame \(k): got \(luma), expected \(reference[k])")
        }
        #expect(abs(try ourLuma(decoder, at: RationalTime(seconds: 9)) - reference[99]) <= 1, "past the end holds the last frame")
    }

    /// On textured, compressed footage the saving is real (the pictures differ from a bit-exact
    /// decode) and invisible (the difference is a fraction of a grey level on average).
    @Test func skimmingDiffersFromBitExactOnlyByFaintNoise() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("texture.mp4")
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30", "-frames:v", "60", "-vf", "noise=alls=12:allf=t",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "30", "-g", "60", "-pix_fmt", "yuv420p", clip,
        ])
        let time = FrameRate(30).time(ofFrame: 50)
        func luma(_ economy: DecodeEconomy) throws -> [UInt8] {
            let frame = try VideoDecoder(path: clip, economy: economy).frame(at: time)
            let picture = Picture(width: 320, height: 240)
            try FrameScaler().draw(frame, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: 320, height: 240))
            return (0..<240).flatMap { y in (0..<320).map { x in picture.luma(x: x, y: y) } }
        }
        let exact = try luma(.none)
        let stills = try luma(.stills)
        let diffs = zip(exact, stills).map { abs(Int($0) - Int($1)) }
        let mean = Double(diffs.reduce(0, +)) / Double(diffs.count)
        #expect(mean > 0, "references were decoded without the deblocking filter")
        #expect(mean < 1.5, "mean luma difference \(mean)")
    }
}
