import MediaIO

/// Darkens towards the corners: R'G'B' scaled by a factor that falls smoothly with the distance from
/// the centre. Scaling R'G'B' towards black is scaling Y' towards 16 and chroma towards 128, so it
/// runs on the planes directly.
enum Vignette {
    static func apply(strength: Double, radius: Double, to picture: Picture) {
        guard strength > 0 else { return }
        let cx = Float(picture.width) / 2
        let cy = Float(picture.height) / 2
        let inverseHalfDiagonal = 1 / (cx * cx + cy * cy).squareRoot()
        let start = Float(radius)
        let inverseWidth = 1 / max(1 - start, 0.2)
        let depth = Float(strength)
        for plane in picture.planes {
            let neutral: Int32 = plane.component == 0 ? 16 : 128
            let step = Float(plane.scale)
            let x0 = 0.5 * step - cx
            RowBands.run(rows: plane.height, samplesPerRow: plane.width) { rows in
                for y in rows {
                    let dy = ((Float(y) + 0.5) * step - cy) * inverseHalfDiagonal
                    let dy2 = dy * dy
                    let row = plane.row(y)
                    for x in 0..<plane.width {
                        let dx = (Float(x) * step + x0) * inverseHalfDiagonal
                        let t = clamped(((dx * dx + dy2).squareRoot() - start) * inverseWidth, 0, 1)
                        // Smoothstep, so the darkening has no visible ring where it starts.
                        // 0.5...256.5 for a strength in 0...1 (the catalog's range); clamped at 0
                        // for any other, so the conversion stays within its range.
                        let factor = truncated(clampedToZero((1 - depth * t * t * (3 - 2 * t)) * 256 + 0.5, 257))
                        let value = neutral &+ (((Int32(row[x]) &- neutral) &* factor &+ 128) &>> 8)
                        row[x] = UInt8(truncatingIfNeeded: min(max(value, 0), 255))
                    }
                }
            }
        }
    }
}
