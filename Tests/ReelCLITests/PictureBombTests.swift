import Foundation
import ReelTestSupport
import Testing

/// A picture whose header claims a size past 16384 pixels a side (a "header bomb": a few bytes on
/// disk, gigabytes once decoded) is refused from its header in Reel's words, whatever its format
/// (PNG's case is in the hostile corpus), by `probe` and `make` alike: exit 1 and one line, never
/// the decoder's own message.
@Suite struct PictureBombTests {
    static let sizeLine = "60000x60000 is larger than the 16384 pixels a side Reel reads"

    /// A small picture of `format` written by ffmpeg (64x48), and the same file with its header's
    /// size set to 60000x60000 by `patch`.
    func bomb(_ format: String, in dir: TemporaryFolder, codec: [String] = [], patch: (inout [UInt8]) throws -> Void) throws -> (
        small: String, bomb: String
    ) {
        let small = dir.file("small.\(format)")
        try Tools.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1"] + codec + [small])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: small)))
        try patch(&bytes)
        let bomb = dir.file("bomb.\(format)")
        try Data(bytes).write(to: URL(fileURLWithPath: bomb))
        return (small, bomb)
    }

    func put(_ value: Int, _ count: Int, at offset: Int, in bytes: inout [UInt8], bigEndian: Bool = false) {
        for i in 0..<count {
            let shift = bigEndian ? 8 * (count - 1 - i) : 8 * i
            bytes[offset + i] = UInt8((value >> shift) & 0xFF)
        }
    }

    /// The small picture reads (its header is parsed, not merely sniffed), the bomb is refused.
    func expectRefused(_ pair: (small: String, bomb: String), in dir: TemporaryFolder) throws {
        let fine = try Reel.run(["probe", pair.small])
        #expect(fine.status == 0 && fine.stdout.contains("64x48"), "\(fine.stdout)\(fine.stderr)")
        let probed = try Reel.run(["probe", pair.bomb])
        #expect(probed.status == 1, "exit \(probed.status): \(probed.stderr)")
        #expect(probed.stderr.split(separator: "\n").count == 1 && probed.stderr.hasPrefix("reel: error: "), "\(probed.stderr)")
        #expect(probed.stderr.contains(pair.bomb) && probed.stderr.contains(Self.sizeLine), "\(probed.stderr)")
        let template = try makeTemplate(in: dir)
        let made = try Reel.run(["make", template, pair.bomb, "-o", dir.file("out.mp4"), "-q", "--quality", "draft"])
        #expect(made.status == 1, "exit \(made.status): \(made.stderr)")
        #expect(made.stderr.hasPrefix("reel: error: ") && made.stderr.contains(Self.sizeLine), "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("out.mp4")))
    }

    /// JPEG: the size is in the start-of-frame segment, after the JFIF and comment segments ffmpeg writes.
    @Test func jpeg() throws {
        let dir = TemporaryFolder()
        let pair = try bomb("jpg", in: dir) { bytes in
            // SOF0: FF C0, length 17, precision 8, height 48, width 64.
            let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x30, 0x00, 0x40]
            let at = try #require((0...(bytes.count - sof.count)).first { Array(bytes[$0..<($0 + sof.count)]) == sof })
            #expect(at > 20, "segments come before the frame header")
            put(60000, 2, at: at + 5, in: &bytes, bigEndian: true)
            put(60000, 2, at: at + 7, in: &bytes, bigEndian: true)
        }
        try expectRefused(pair, in: dir)
    }

    /// GIF: the logical screen's size, bytes 6 to 9.
    @Test func gif() throws {
        let dir = TemporaryFolder()
        let pair = try bomb("gif", in: dir) { bytes in
            put(60000, 2, at: 6, in: &bytes)
            put(60000, 2, at: 8, in: &bytes)
        }
        try expectRefused(pair, in: dir)
    }

    /// BMP: the info header's signed 32-bit width and height (negative height: rows top-down).
    @Test func bmp() throws {
        let dir = TemporaryFolder()
        let pair = try bomb("bmp", in: dir) { bytes in
            put(60000, 4, at: 18, in: &bytes)
            put(-60000 & 0xFFFF_FFFF, 4, at: 22, in: &bytes)
        }
        try expectRefused(pair, in: dir)
    }

    /// TIFF: the ImageWidth and ImageLength tags of the first image directory.
    @Test func tiff() throws {
        let dir = TemporaryFolder()
        let pair = try bomb("tiff", in: dir) { bytes in
            #expect(bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]), "ffmpeg writes little-endian TIFF")
            func number(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
            let directory = number(4, 4)
            var patched = 0
            for i in 0..<number(directory, 2) {
                let entry = directory + 2 + 12 * i
                guard [256, 257].contains(number(entry, 2)) else { continue }
                put(60000, number(entry + 2, 2) == 3 ? 2 : 4, at: entry + 8, in: &bytes)
                patched += 1
            }
            #expect(patched == 2)
        }
        try expectRefused(pair, in: dir)
    }

    /// WebP: an extended (VP8X) header's canvas, 24 bits a side, before the lossy picture ffmpeg wrote.
    @Test func webp() throws {
        let dir = TemporaryFolder()
        let pair = try bomb("webp", in: dir, codec: ["-c:v", "libwebp"]) { bytes in
            #expect(Array(bytes[12..<16]) == Array("VP8 ".utf8))
            var extended = Array("VP8X".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0] + [0, 0, 0, 0, 0, 0]
            put(60000 - 1, 3, at: 12, in: &extended)
            put(60000 - 1, 3, at: 15, in: &extended)
            let body = Array("WEBP".utf8) + extended + bytes[12...]
            var riff = Array("RIFF".utf8) + [0, 0, 0, 0] + body
            put(body.count, 4, at: 4, in: &riff)
            bytes = riff
        }
        try expectRefused(pair, in: dir)
    }
}
