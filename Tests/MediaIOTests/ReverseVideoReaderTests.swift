import MediaIO
import MediaTime
import ReelTestSupport
import Testing

/// Reverse playback reads each group of pictures once and still shows, for every time, exactly the
/// frame the forward decoder shows.
@Suite struct ReverseVideoReaderTests {
    static let size = 64

    /// A clip whose frame n is grey level 16 + 2n, with B-frames and a keyframe every `gop` frames.
    func countingClip(_ path: String, frames: Int, rate: String = "30", gop: Int) throws {
        let filter = "nullsrc=s=\(Self.size)x\(Self.size):r=\(rate),format=gray,geq=lum='16+N*2',format=yuv420p"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", filter, "-frames:v", "\(frames)", "-c:v", "libx264", "-preset", "veryfast", "-qp", "0",
            "-bf", "3", "-g", "\(gop)", "-keyint_min", "\(gop)", "-sc_threshold", "0", "-pix_fmt", "yuv420p", path,
        ])
    }

    /// Centre luma of every frame, decoded by the ffmpeg CLI (full-range grey).
    func referenceLuma(_ path: String, frames: Int) throws -> [Int] {
        let r = try Tools.run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let bytes = [UInt8](r.data)
        let s = Self.size
        #expect(bytes.count == frames * s * s)
        return (0..<frames).map { Int(bytes[$0 * s * s + (s / 2) * s + s / 2]) }
    }

    func frame(_ decoded: VideoFrame, into picture: Picture) throws(FileAccessError) {
        try FrameScaler().draw(
            decoded, placement: Placement(), into: picture, rect: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height))
    }

    func samePixels(_ a: Picture, _ b: Picture) -> Bool {
        for row in 0..<a.height where !(0..<a.width).allSatisfy({ a.luma(x: $0, y: row) == b.luma(x: $0, y: row) }) { return false }
        for row in stride(from: 0, to: a.height, by: 2) where !(0..<a.width).allSatisfy({ a.chroma(x: $0, y: row) == b.chroma(x: $0, y: row) }) {
            return false
        }
        return true
    }

    /// Walks `times` (going down) through a reverse reader and a forward decoder: the same pictures.
    func expectSameAsForward(
        _ clip: String, times: [RationalTime], step: RationalTime?, choice: FrameChoice = .displayed, budget: Int = ReverseVideoReader.defaultBudget
    ) throws -> ReverseVideoReader {
        let reader = ReverseVideoReader(decoder: try VideoDecoder(path: clip), width: Self.size, height: Self.size, choice: choice, budget: budget)
        let forward = try VideoDecoder(path: clip)
        let expected = Picture(width: Self.size, height: Self.size)
        for t in times {
            let got = try reader.picture(at: t, step: step) { (d: VideoFrame, p: Picture) throws(FileAccessError) in try frame(d, into: p) }
            try frame(try forward.frame(at: t, choice: choice), into: expected)
            #expect(samePixels(got, expected), "picture at \(t)")
        }
        return reader
    }

    /// Every frame of a clip with 60-picture groups, from the last to the first: the exact frames in
    /// reverse order, each decoded about once (a forward decoder seeking back for each decodes the
    /// group up to it every time: about 30 times more here).
    @Test func showsEveryFrameBackwardsDecodingEachOnce() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count.mp4")
        try countingClip(clip, frames: 120, gop: 60)
        let reference = try referenceLuma(clip, frames: 120)
        let rate = FrameRate(30)
        let step = rate.frameDuration
        let end = rate.time(ofFrame: 120)
        let epsilon = RationalTime(value: 1, timescale: 1_000_000)
        let times = (0..<120).map { end - step * Int64($0) - epsilon }
        let reader = try expectSameAsForward(clip, times: times, step: step)
        // The luma order, checked against ffmpeg's own decode.
        let decoder = reader.decoder
        #expect(decoder.decodedPictures <= 120 + 2 * 4, "decoded \(decoder.decodedPictures) pictures for 120 shown")
        #expect(reader.framedPictures == 120)
        #expect(reader.groupReads == 2)
        let naive = try VideoDecoder(path: clip)
        for t in times { _ = try naive.frame(at: t) }
        #expect(naive.decodedPictures > 10 * decoder.decodedPictures, "per-frame seeking decoded \(naive.decodedPictures)")

        let again = ReverseVideoReader(decoder: try VideoDecoder(path: clip), width: Self.size, height: Self.size)
        for (k, t) in times.enumerated() {
            let p = try again.picture(at: t, step: step) { (d: VideoFrame, p: Picture) throws(FileAccessError) in try frame(d, into: p) }
            let luma = Int(p.luma(x: Self.size / 2, y: Self.size / 2))
            let want = 16 + (reference[119 - k] * 219 + 127) / 255
            #expect(abs(luma - want) <= 1, "output \(k): luma \(luma), frame \(119 - k) is \(want)")
        }
    }

    /// At speed 2 over a 60 fps source, only the pictures the grid lands on are framed; times off the
    /// grid, times before the first frame and past the last still get the forward decoder's frame.
    @Test func framesOnlyThePicturesTheGridShowsAndStaysExactOffIt() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count60.mp4")
        try countingClip(clip, frames: 90, rate: "60", gop: 24)
        let step = RationalTime(value: 2, timescale: 30)
        let start = RationalTime(value: 31, timescale: 20)
        let grid = (0..<23).map { start - step * Int64($0) }
        let reader = try expectSameAsForward(clip, times: grid, step: step)
        #expect(reader.framedPictures <= 24, "framed \(reader.framedPictures) for 23 requests")
        // Off the grid and out of the stream: past the end (the last frame holds), before the start.
        let odd = [
            RationalTime(seconds: 3), RationalTime(value: 7, timescale: 5), RationalTime(value: 13, timescale: 10),
            RationalTime(value: 1, timescale: 100), RationalTime(value: -1, timescale: 2), RationalTime(value: -1, timescale: 1),
        ]
        _ = try expectSameAsForward(clip, times: odd, step: step)
    }

    /// Strictly before, as clips ask: on a grid that lands exactly on picture times (ties), on
    /// keyframes' own times, and off it, the reader shows the forward decoder's pictures.
    @Test func startedBeforeAgreesWithTheForwardDecoderAtTies() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("count60.mp4")
        try countingClip(clip, frames: 90, rate: "60", gop: 24)
        let step = RationalTime(value: 1, timescale: 30)
        // 89/60 s down by 2/60: every request is an odd picture's own time.
        let grid = (0..<44).map { RationalTime(value: 89, timescale: 60) - step * Int64($0) }
        let reader = try expectSameAsForward(clip, times: grid, step: step, choice: .startedBefore)
        #expect(reader.framedPictures <= 46, "framed \(reader.framedPictures) for 44 requests")
        let keyframes = [72, 48, 24, 0].map { FrameRate(60).time(ofFrame: Int64($0)) }
        _ = try expectSameAsForward(clip, times: keyframes, step: nil, choice: .startedBefore)
        let odd = [
            RationalTime(seconds: 3), RationalTime(value: 7, timescale: 5), RationalTime(value: 1, timescale: 100),
            RationalTime(value: -1, timescale: 2),
        ]
        _ = try expectSameAsForward(clip, times: odd, step: step, choice: .startedBefore)
    }

    /// A group longer than the reader may hold: it keeps its bound, reads the group again for the
    /// pictures it let go, and stays exact.
    @Test func aGroupLongerThanTheBoundIsReadAgainNotHeld() throws {
        let dir = TemporaryFolder()
        let clip = dir.file("long-gop.mp4")
        try countingClip(clip, frames: 100, gop: 100)
        let step = FrameRate(30).frameDuration
        let end = FrameRate(30).time(ofFrame: 100)
        let times = (0..<100).map { end - step * Int64($0) - RationalTime(value: 1, timescale: 1_000_000) }
        let pictureBytes = 64 * 64 + 2 * 64 * 32  // rows padded to 64 bytes
        let reader = try expectSameAsForward(clip, times: times, step: step, budget: 20 * pictureBytes)
        #expect(reader.capacity == 20)
        #expect(reader.peakHeld <= 20)
        #expect(reader.groupReads == 5)
        // Five reads of 100, 80, 60, 40 and 20 pictures (and the decoder's lookahead): still far
        // below seeking back for each of the 100.
        #expect(reader.decoder.decodedPictures <= 310, "decoded \(reader.decoder.decodedPictures)")
    }
}
