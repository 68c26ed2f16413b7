import MediaIO
import RenderCore

/// How good a thumbnail is as a contact-sheet cell: its brightness and its detail.
///
/// Computed on the cell picture itself (already scaled), so judging costs little beside decoding.
/// Detail is the mean absolute difference between neighbouring luma samples: high for sharp,
/// textured pictures, low for blurred or flat ones.
package struct FrameQuality: Sendable, Hashable {
    /// Mean luma, 16 (black) to 235 (white) in limited range.
    package let brightness: Double
    /// Mean absolute difference between neighbouring luma samples; compared only between cells of one sheet.
    package let detail: Double

    /// Values as `init(_:)` would measure them; for tests and recorded results.
    package init(brightness: Double, detail: Double) {
        self.brightness = brightness
        self.detail = detail
    }

    /// Measures the picture's luma on a grid of about 96 samples across its shorter side, so big cells cost no more.
    package init(_ picture: Picture) {
        var sum = 0
        var diff = 0
        var count = 0
        let step = max(1, min(picture.width, picture.height) / 96)
        var y = 0
        while y + step < picture.height {
            let row = picture.y + y * picture.lumaStride
            let below = row + step * picture.lumaStride
            var x = 0
            while x + step < picture.width {
                let v = Int(row[x])
                sum += v
                diff += abs(v - Int(row[x + step])) + abs(v - Int(below[x]))
                count += 1
                x += step
            }
            y += step
        }
        let n = Double(max(count, 1))
        self.init(brightness: Double(sum) / n, detail: Double(diff) / (2 * n))
    }

    /// Nearly black: a fade, a lens cap, the dark first frame of many phone clips.
    var isBlack: Bool { brightness < 26 }

    /// Blurred compared with the sheet's typical cell (`typicalDetail`, the median). Flat videos,
    /// whose typical detail is itself tiny, have no blurred frames.
    func isBlurred(typicalDetail: Double) -> Bool {
        typicalDetail > 1.5 && detail < typicalDetail * 0.35
    }

    /// True when `self` is a better cell than `other`: not black when the other is, else more detail.
    func isBetter(than other: FrameQuality) -> Bool {
        if isBlack != other.isBlack { return !isBlack }
        return detail > other.detail * 1.15
    }
}
