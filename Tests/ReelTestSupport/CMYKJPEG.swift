import Foundation

/// A baseline JPEG of four components with Adobe's marker (transform 0): CMYK as Photoshop and
/// print workflows write it, inverted (a stored byte is 255 minus the ink). No ffmpeg encoder
/// writes one, so it is written here: every 8x8 block is of one colour, so each block is its DC
/// coefficient alone (quantiser 1) followed by an end of block.
public enum CMYKJPEG {
    /// Writes a `width` x `height` picture (multiples of 8); `stored(x, y)` gives the four stored
    /// bytes (C', M', Y', K') of the block whose top-left pixel is (x, y). FFmpeg decodes a pixel
    /// as R = C'K'/255, G = M'K'/255, B = Y'K'/255. With `ycck`, Adobe's transform 2: the first
    /// three bytes are Y'CbCr of the inverted C'M'Y' (as Photoshop writes most CMYK JPEGs).
    public static func write(_ path: String, width: Int, height: Int, ycck: Bool = false, stored: (Int, Int) -> [UInt8]) throws {
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ body: [UInt8]) {
            out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, ycck ? 2 : 0])
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 4]
        for id in 1...4 { frame += [UInt8(id), 0x11, 0] }
        segment(0xC0, frame)
        // DC: the standard luminance table (categories 0-11); AC: the end of block alone, code "0".
        let dcBits: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
        segment(0xC4, [0x00] + dcBits + (0...11).map { UInt8($0) })
        segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0])
        var scan: [UInt8] = [4]
        for id in 1...4 { scan += [UInt8(id), 0x00] }
        segment(0xDA, scan + [0, 63, 0])
        // Canonical codes of the DC table.
        var codes: [(code: Int, length: Int)] = []
        var code = 0
        for (i, count) in dcBits.enumerated() {
            for _ in 0..<count {
                codes.append((code, i + 1))
                code += 1
            }
            code <<= 1
        }
        var bits = BitWriter()
        var previous = [0, 0, 0, 0]
        for by in stride(from: 0, to: height, by: 8) {
            for bx in stride(from: 0, to: width, by: 8) {
                let values = stored(bx, by)
                for c in 0..<4 {
                    let dc = 8 * (Int(values[c]) - 128)
                    let diff = dc - previous[c]
                    previous[c] = dc
                    let size = diff == 0 ? 0 : Int.bitWidth - abs(diff).leadingZeroBitCount
                    bits.put(codes[size].code, codes[size].length)
                    if size > 0 { bits.put(diff >= 0 ? diff : diff + (1 << size) - 1, size) }
                    bits.put(0, 1)
                }
            }
        }
        out += bits.finished() + [0xFF, 0xD9]
        try Data(out).write(to: URL(fileURLWithPath: path))
    }
}

/// Entropy-coded bits, stuffed (a 0x00 after every 0xFF) and padded with ones.
private struct BitWriter {
    var bytes: [UInt8] = []
    var current = 0
    var count = 0

    mutating func put(_ value: Int, _ length: Int) {
        for i in stride(from: length - 1, through: 0, by: -1) {
            current = current << 1 | (value >> i) & 1
            count += 1
            if count == 8 { flush() }
        }
    }

    private mutating func flush() {
        bytes.append(UInt8(current))
        if current == 0xFF { bytes.append(0) }
        current = 0
        count = 0
    }

    mutating func finished() -> [UInt8] {
        while count != 0 { put(1, 1) }
        return bytes
    }
}
