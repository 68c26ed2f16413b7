/// Approximates a Gaussian blur of a coverage mask with three box blurs in each direction.
///
/// Three passes of running sums cost the same whatever the radius, and their result is within a
/// few per cent of a true Gaussian (the central limit theorem at work).
enum ShadowBlur {
    /// Box radii whose three passes approximate a Gaussian with sigma = blur / 2, so the shadow
    /// fades out over about `blur` pixels ("Fast almost-Gaussian filtering", Kovesi 2010).
    static func radii(blur: Double) -> [Int] {
        guard blur > 0 else { return [] }
        let sigma = blur / 2
        let n = 3.0
        var lower = Int((12 * sigma * sigma / n + 1).squareRoot())
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let l = Double(lower)
        let m = Int(((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        return (0..<3).map { ($0 < m ? lower : lower + 2 - 1) / 2 }.map { max($0, 0) }
    }

    /// How far the blur spreads ink, in pixels.
    static func extent(blur: Double) -> Int { radii(blur: blur).reduce(0, +) }

    /// Blurs `mask` (`width` × `height`) in place; pixels outside count as empty.
    static func apply(_ mask: inout [UInt8], width: Int, height: Int, blur: Double) {
        let radii = radii(blur: blur).filter { $0 > 0 }
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        var line = [UInt8](repeating: 0, count: max(width, height))
        for r in radii {
            for y in 0..<height { pass(&mask, start: y * width, stride: 1, count: width, radius: r, line: &line) }
            for x in 0..<width { pass(&mask, start: x, stride: width, count: height, radius: r, line: &line) }
        }
    }

    /// One box blur along a row or column, with a running sum.
    private static func pass(_ mask: inout [UInt8], start: Int, stride: Int, count: Int, radius: Int, line: inout [UInt8]) {
        for i in 0..<count { line[i] = mask[start + i * stride] }
        let window = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(line[i]) }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += Int(line[entering]) }
            let leaving = i - radius - 1
            if leaving >= 0 { sum -= Int(line[leaving]) }
            mask[start + i * stride] = UInt8((sum + window / 2) / window)
        }
    }
}
