import MediaIO
import MediaTime
import TemplateFormat

/// The cheap analysis pass behind `whenLonger: best`: how watchable each second of a video is.
///
/// The video is decoded a few times a second and each picture scaled to a thumbnail a few dozen
/// pixels wide (48 × 48, centre-cropped), where three measures are taken on the luma plane:
///
/// - light: mean level; near black scores 0 (lens caps, pockets, fades).
/// - sharpness: mean gradient energy between neighbouring pixels; a blurred or flat picture scores low.
/// - motion: mean difference from the previous sample; a static stretch scores low.
///
/// A sample scores `light × √sharpness × (0.25 + 0.75 × motion)`, and a second the mean of its
/// samples, so black or blurred seconds score near 0 and still ones a quarter of moving ones.
/// Decoding at thumbnail size and 4 samples a second keeps the pass at a small fraction of a
/// render's cost; its results are cached per file (`AnalysisCache`).
package enum SegmentAnalyzer {
    static let thumbnailSide = 48
    /// Samples per second of video; `scores` gives one value per second, the mean of its samples.
    package static let samplesPerSecond: Int64 = 4

    /// Per-second scores in 0...1 for the first `duration` of the video at `path`.
    package static func scores(path: String, duration: RationalTime) throws(FileAccessError) -> [Double] {
        let decoder = try VideoDecoder(path: path, threads: 1)
        let scaler = FrameScaler(fast: true)
        let side = thumbnailSide
        let picture = Picture(width: side, height: side)
        var previous: [UInt8]?
        let seconds = Int(max(1, duration.seconds.rounded(.up)))
        var result: [Double] = []
        for second in 0..<seconds {
            var total = 0.0
            var count = 0
            for k in 0..<samplesPerSecond {
                let t = RationalTime(seconds: Int64(second)) + RationalTime(value: k, timescale: samplesPerSecond)
                guard t < duration else { break }
                let frame = try decoder.frame(at: t)
                picture.fill(y: 16, u: 128, v: 128)
                try scaler.draw(
                    frame, placement: MediaIO.Placement(cover: true), into: picture, rect: PixelRect(x: 0, y: 0, width: side, height: side))
                let luma = lumaPlane(picture)
                total += score(luma, side: side, previous: previous)
                previous = luma
                count += 1
            }
            result.append(count > 0 ? total / Double(count) : 0)
        }
        return result
    }

    static func lumaPlane(_ p: Picture) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: p.width * p.height)
        for row in 0..<p.height {
            for x in 0..<p.width { out[row * p.width + x] = p.y[row * p.lumaStride + x] }
        }
        return out
    }

    /// The score of one thumbnail (see the type's documentation).
    static func score(_ y: [UInt8], side: Int, previous: [UInt8]?) -> Double {
        let n = Double(y.count)
        var sum = 0
        var gradient = 0
        var change = 0
        for row in 0..<side {
            for x in 0..<side {
                let i = row * side + x
                let v = Int(y[i])
                sum += v
                if x + 1 < side { gradient += abs(Int(y[i + 1]) - v) }
                if row + 1 < side { gradient += abs(Int(y[i + side]) - v) }
                if let previous { change += abs(Int(previous[i]) - v) }
            }
        }
        let light = clamp((Double(sum) / n - 24) / 32)
        let sharp = clamp(Double(gradient) / n / 8)
        // The first sample has nothing to compare with: it counts as moving, not as still.
        let motion = previous == nil ? 1 : clamp(Double(change) / n / 3)
        return light * sharp.squareRoot() * (0.25 + 0.75 * motion)
    }

    private static func clamp(_ x: Double) -> Double { min(1, max(0, x)) }
}
