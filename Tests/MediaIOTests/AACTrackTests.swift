import Foundation
import MediaIO
import Testing

/// An encoded soundtrack keeps its packets in a scratch file, not in memory: what it holds grows
/// by a small index entry per packet, however long the sound; and the file goes with the track.
@Suite struct AACTrackTests {
    /// `seconds` of a chord over noise, the kind of dense sound that fills a high bit rate.
    func encode(seconds: Int, bitrate: Int) throws -> AACTrack {
        let encoder = try AACEncoder(bitrate: bitrate, file: "test.mp4")
        var block = [Float](repeating: 0, count: 48_000 * 2)
        var seed: UInt32 = 7
        for second in 0..<seconds {
            for i in 0..<48_000 {
                let t = Float(second * 48_000 + i) / 48_000
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Float(seed >> 8) / Float(1 << 24) - 0.5
                let v = 0.3 * sin(2 * .pi * 220 * t) + 0.2 * sin(2 * .pi * 3_300 * t) + 0.3 * noise
                block[2 * i] = v
                block[2 * i + 1] = -v
            }
            try block.withUnsafeBufferPointer { try encoder.write($0) }
        }
        return try encoder.finish()
    }

    func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    @Test func thePacketsLieOnDiskAndMemoryHoldsOnlyAnIndex() throws {
        var held: [Int: (index: Int, bytes: Int)] = [:]
        for seconds in [20, 120] {
            let file: String
            do {
                let track = try encode(seconds: seconds, bitrate: 256_000)
                file = track.scratchFile
                #expect(fileSize(file) == track.byteCount, "the scratch file holds every packet")
                held[seconds] = (track.indexByteCount, track.byteCount)
                // At 256 kb/s a packet is some 680 bytes; its index entry a few dozen.
                #expect(track.indexByteCount * 15 < track.byteCount, "\(track.indexByteCount) bytes held for \(track.byteCount) encoded")
            }
            #expect(!FileManager.default.fileExists(atPath: file), "the scratch file goes with the track")
            #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
        }
        let short = try #require(held[20])
        let long = try #require(held[120])
        #expect(long.bytes > short.bytes * 5, "six times the sound is about six times the bytes")
        // What a hundred extra seconds cost in memory: the index, not the sound (which is what
        // the whole track in memory cost: ~3.2 MB).
        #expect(long.index - short.index < 200_000, "\(long.index - short.index) bytes more held")
    }

    @Test func anUnfinishedEncoderLeavesNoFile() throws {
        var encoder: AACEncoder? = try AACEncoder(bitrate: 128_000, file: "test.mp4")
        let file = try #require(encoder?.scratchFile)
        let silence = [Float](repeating: 0, count: 48_000 * 2)
        try silence.withUnsafeBufferPointer { try encoder?.write($0) }
        #expect(FileManager.default.fileExists(atPath: file))
        encoder = nil
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(!FileManager.default.fileExists(atPath: (file as NSString).deletingLastPathComponent))
    }

    /// The meter reads the packets back from the file: a tone at half scale measures about there.
    @Test func theMeterReadsThePacketsFromTheFile() throws {
        let track = try encode(seconds: 2, bitrate: 160_000)
        let peaks = try track.decodedPeaks(file: "test.mp4")
        let highest = try #require(peaks.max())
        #expect(peaks.count == 2 * 48_000 / track.frameSize + 1 || peaks.count == 2 * 48_000 / track.frameSize)
        #expect(highest > 0.6 && highest < 1.1, "true peak \(highest)")
    }
}
