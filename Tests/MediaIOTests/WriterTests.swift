import Foundation
import MediaIO
import MediaTime
import ReelTestSupport
import Testing

@Suite struct WriterTests {
    @Test func writesPlayableTaggedMP4() throws {
        let dir = TemporaryFolder()
        let out = dir.file("out.mp4")
        // The sound is encoded first, as an export does, and laid beside the pictures.
        let encoder = try AACEncoder(bitrate: 160_000, file: out)
        var samples = [Float](repeating: 0, count: 1601 * 2)
        var phase = 0.0
        for _ in 0..<45 {
            for i in 0..<1601 {
                let s = Float(sin(phase) * 0.5)
                phase += 2 * Double.pi * 440 / 48000
                samples[2 * i] = s
                samples[2 * i + 1] = s
            }
            try samples.withUnsafeBufferPointer { try encoder.write($0) }
        }
        let track = try encoder.finish()
        let writer = try MP4Writer(
            path: out,
            settings: EncoderSettings(width: 160, height: 90, frameRate: FrameRate(numerator: 30000, denominator: 1001), preset: "superfast"),
            audioTrack: track)
        let picture = Picture(width: 160, height: 90)
        for n in 0..<45 {
            picture.fill(red: UInt8(n * 5), green: 100, blue: 200)
            try writer.writeVideo(picture)
            try writer.writeAudio(through: Int64(n + 1) * 1601)
        }
        #expect(!FileManager.default.fileExists(atPath: out), "the output appears only when finished")
        try writer.finish()
        #expect(dir.files == ["out.mp4"], "no temporary file is left")
        let p = try Tools.probe(out)
        let v = try #require(p.video)
        #expect(v.codec == "h264")
        #expect(v.profile == "High")
        #expect(v.pixelFormat == "yuv420p")
        #expect(v.colorRange == "tv")
        #expect(v.colorSpace == "bt709" && v.colorPrimaries == "bt709" && v.colorTransfer == "bt709")
        #expect(v.frames == 45)
        #expect(abs(v.duration - 45 * 1001 / 30000.0) < 0.001)
        let a = try #require(p.audio)
        #expect(a["codec_name"] as? String == "aac")
        #expect(a["sample_rate"] as? String == "48000")
        #expect(a["channels"] as? Int == 2)
        #expect(abs((Double(a["duration"] as? String ?? "") ?? 0) - 45 * 1601 / 48000.0) < 0.03, "every sample laid: \(a["duration"] ?? "")")
        // +faststart: the index (moov) comes before the media data (mdat).
        let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)).prefix(4096))
        let text = String(decoding: head.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        let moov = try #require(text.range(of: "moov"))
        let mdat = text.range(of: "mdat")
        #expect(mdat == nil || moov.lowerBound < mdat!.lowerBound)
    }

    @Test func cancelledWriterLeavesNothing() throws {
        let dir = TemporaryFolder()
        let out = dir.file("out.mp4")
        let writer = try MP4Writer(path: out, settings: EncoderSettings(width: 64, height: 64, frameRate: FrameRate(25), preset: "superfast"))
        try writer.writeVideo(Picture(width: 64, height: 64))
        writer.cancel()
        #expect(dir.files.isEmpty)
    }

    @Test func pngRoundTrip() throws {
        let dir = TemporaryFolder()
        let path = dir.file("a.png")
        var image = RGBAImage(width: 3, height: 2)
        image.pixels = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        try PNGFile.write(image, to: path)
        let back = try PNGFile.read(path)
        #expect(back.pixels == image.pixels)
        let p = try Tools.probe(path)
        #expect(p.video?.width == 3 && p.video?.pixelFormat == "rgba")
    }

    @Test func audioIsResampledTo48kStereoAndSeeksExactly() throws {
        let dir = TemporaryFolder()
        let tone = dir.file("tone.m4a")
        try TestMedia.tone(tone, seconds: "3")
        let decoder = try AudioDecoder(path: tone)
        var buffer = [Float](repeating: 0, count: 48000 * 2)
        var total = 0
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, count: 48000) }
            total += n
            if n < 48000 { break }
        }
        #expect(abs(total - 3 * 48000) < 2048)
        try decoder.seek(to: RationalTime(seconds: 2))
        var rest = 0
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, count: 48000) }
            rest += n
            if n < 48000 { break }
        }
        #expect(abs(rest - 48000) < 2048)
    }
}
