/// The 252-colour palette GIF previews use (6 levels of red, 7 of green, 6 of blue: the eye tells
/// greens apart best), and the ordered dithering that maps RGB onto it.
enum FixedPalette {
    static let levels = (r: 6, g: 7, b: 6)

    /// 8x8 Bayer matrix, values 0...63.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Writes the palette as 256 native-endian 0xAARRGGBB words (the layout of FFmpeg's PAL8).
    static func write(into palette: UnsafeMutablePointer<UInt8>) {
        let words = UnsafeMutableRawPointer(palette).assumingMemoryBound(to: UInt32.self)
        for i in 0..<256 {
            let r = i / (levels.g * levels.b)
            let g = (i / levels.b) % levels.g
            let b = i % levels.b
            guard r < levels.r else {
                words[i] = 0xFF00_0000
                continue
            }
            let rr = UInt32(r * 255 / (levels.r - 1))
            let gg = UInt32(g * 255 / (levels.g - 1))
            let bb = UInt32(b * 255 / (levels.b - 1))
            words[i] = 0xFF00_0000 | rr << 16 | gg << 8 | bb
        }
    }

    /// Maps each pixel to the palette index of its dithered colour.
    static func map(_ image: RGBAImage, into indices: UnsafeMutablePointer<UInt8>, stride: Int) {
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let row = indices + y * stride
                for x in 0..<image.width {
                    let p = (y * image.width + x) * 4
                    // Threshold in -0.5...0.5 of one palette step.
                    let t = (bayer[(y & 7) * 8 + (x & 7)] * 2 + 1) - 64
                    let r = quantize(Int(px[p]), levels.r, t)
                    let g = quantize(Int(px[p + 1]), levels.g, t)
                    let b = quantize(Int(px[p + 2]), levels.b, t)
                    row[x] = UInt8(r * levels.g * levels.b + g * levels.b + b)
                }
            }
        }
    }

    /// The level of `value` (0...255) among `count` levels, after adding `threshold`/128 of a step.
    @inline(__always)
    static func quantize(_ value: Int, _ count: Int, _ threshold: Int) -> Int {
        let steps = count - 1
        // value * steps / 255 + threshold / 128, rounded, in integers.
        let scaled = (value * steps * 128 + threshold * 255 + 255 * 64) / (255 * 128)
        return min(max(scaled, 0), steps)
    }
}
