import MediaIO

/// Puts layers, images and blurred backgrounds onto pictures, in Y'CbCr 4:2:0.
package enum Compositor {
    /// Blends a straight-alpha sRGB image onto the picture with its top-left at (x, y) (may be partly
    /// or wholly outside), times `opacity` 0...1. Converts with BT.709 limited range; chroma alpha is
    /// the average of the 2x2 luma alphas.
    ///
    /// A chroma sample moves towards each covering image pixel's chroma by that pixel's alpha, a
    /// quarter each (or a half at an odd-sized picture's last row or column), so a half-covered block
    /// takes the image's own colour at half strength instead of a colour mixed with transparent black.
    package static func blend(_ image: RGBAImage, onto picture: Picture, x: Int, y: Int, opacity: Double) {
        EntryChecks.image(image, "Compositor.blend")
        EntryChecks.picture(picture, "Compositor.blend")
        // Far outside the picture, the edges below would overflow: nothing of the image shows.
        guard abs(x) < 1 << 40, abs(y) < 1 << 40 else { return }
        let strength = Float(opacity.isNaN ? 0 : min(max(opacity, 0), 1)) / 255
        let left = max(x, 0)
        let right = min(x + image.width, picture.width)
        let top = max(y, 0)
        let bottom = min(y + image.height, picture.height)
        guard strength > 0, left < right, top < bottom else { return }
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let area = ImageArea(
                pixels: SharedPointer(base: UnsafeMutablePointer(mutating: base)), width: image.width,
                originX: x, originY: y, left: left, right: right, top: top, bottom: bottom)
            let luma = picture.lumaPlane
            RowBands.run(rows: bottom - top, samplesPerRow: right - left) { rows in
                for row in rows { area.blendLuma(row: top + row, into: luma, strength: strength) }
            }
            let cb = picture.cbPlane
            let cr = picture.crPlane
            let chromaTop = top / 2
            let chromaBottom = (bottom + 1) / 2
            RowBands.run(rows: chromaBottom - chromaTop, samplesPerRow: (right - left) / 2) { rows in
                for row in rows {
                    area.blendChroma(
                        row: chromaTop + row, cb: cb, cr: cr, lumaHeight: picture.height,
                        lumaWidth: picture.width, strength: strength)
                }
            }
        }
    }
}

/// The part of an RGBA image that lies on a picture, with the BT.709 limited-range conversion.
struct ImageArea: Sendable {
    let pixels: SharedPointer<UInt8>
    let width: Int
    let originX: Int, originY: Int
    /// Picture coordinates covered by the image, half-open.
    let left: Int, right: Int, top: Int, bottom: Int

    // Full-range 8-bit R'G'B' to limited-range Y'CbCr, BT.709.
    static let yr: Float = 219 / 255 * 0.2126, yg: Float = 219 / 255 * 0.7152, yb: Float = 219 / 255 * 0.0722
    static let cbr: Float = -224 / 255 * 0.2126 / 1.8556, cbg: Float = -224 / 255 * 0.7152 / 1.8556, cbb: Float = 224 / 255 * 0.5
    static let crr: Float = 224 / 255 * 0.5, crg: Float = -224 / 255 * 0.7152 / 1.5748, crb: Float = -224 / 255 * 0.0722 / 1.5748

    func blendLuma(row py: Int, into plane: Plane, strength: Float) {
        let source = pixels.base + ((py - originY) * width + (left - originX)) * 4
        let out = plane.row(py)
        for px in left..<right {
            let p = source + (px &- left) &* 4
            let alpha = Float(p[3]) * strength
            let value = 16 + Self.yr * Float(p[0]) + Self.yg * Float(p[1]) + Self.yb * Float(p[2])
            let old = Float(out[px])
            out[px] = roundedByte(old + (value - old) * alpha)
        }
    }

    func blendChroma(row cy: Int, cb: Plane, cr: Plane, lumaHeight: Int, lumaWidth: Int, strength: Float) {
        ChromaBlend.blend(
            row: cy, cb: cb, cr: cr, lumaWidth: lumaWidth, lumaHeight: lumaHeight, strength: strength, lumaColumns: left..<right,
            coveredRows: top..<bottom, coveredColumns: left..<right
        ) { px, py in
            // Inside the image (the covered rows and columns), so the offset cannot overflow.
            let p = pixels.base + ((py &- originY) &* width &+ (px &- originX)) &* 4
            let alpha = Float(p[3])
            let r = Float(p[0])
            let g = Float(p[1])
            let b = Float(p[2])
            return (alpha, alpha * (128 + Self.cbr * r + Self.cbg * g + Self.cbb * b), alpha * (128 + Self.crr * r + Self.crg * g + Self.crb * b))
        }
    }
}
