import Foundation
import MediaIO

extension Compositor {
    /// Blends a straight-alpha sRGB image onto the picture through an affine transform that maps
    /// image pixel coordinates to picture coordinates (a turned sticker), times `opacity` 0...1.
    ///
    /// Each picture pixel is mapped back through the inverse transform and the image is sampled
    /// bilinearly with premultiplied colour, so transparent pixels lend no colour to their
    /// neighbours; taps that fall outside the image count as transparent, which smooths the edges of
    /// a turned image over one pixel instead of stepping them. Conversion and chroma follow
    /// `blend(_:onto:x:y:opacity:)`: a chroma sample moves towards the colour sampled at each of the
    /// luma pixels it covers, by that sample's alpha. A non-invertible transform draws nothing.
    package static func draw(_ image: RGBAImage, onto picture: Picture, transform: AffineTransform, opacity: Double) {
        EntryChecks.image(image, "Compositor.draw")
        EntryChecks.picture(picture, "Compositor.draw")
        let strength = Float(opacity.isNaN ? 0 : min(max(opacity, 0), 1)) / 255
        guard strength > 0, image.width > 0, image.height > 0, transform.isInvertible else { return }
        // The rows the image can reach, from its corners (a pixel of margin for the soft edge).
        let w = Double(image.width)
        let h = Double(image.height)
        let corners = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)].map { transform.apply(x: $0.0, y: $0.1) }
        let minY = corners.map(\.y).min()!
        let maxY = corners.map(\.y).max()!
        let minX = corners.map(\.x).min()!
        let maxX = corners.map(\.x).max()!
        guard minY.isFinite, maxY.isFinite, minX.isFinite, maxX.isFinite,
            maxX > -1, minX < Double(picture.width) + 1
        else { return }
        let top = max(0, Int(max(minY, -1).rounded(.down)) - 1)
        let bottom = min(picture.height, Int(min(maxY, Double(picture.height) + 1).rounded(.up)) + 1)
        guard top < bottom else { return }
        image.pixels.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let sampler = ImageSampler(
                pixels: SharedPointer(base: UnsafeMutablePointer(mutating: base)), width: image.width,
                height: image.height, inverse: transform.inverted())
            let luma = picture.lumaPlane
            RowBands.run(rows: bottom - top, samplesPerRow: picture.width) { rows in
                for row in rows { sampler.blendLuma(row: top + row, into: luma, strength: strength) }
            }
            let cb = picture.cbPlane
            let cr = picture.crPlane
            let chromaTop = top / 2
            let chromaBottom = (bottom + 1) / 2
            RowBands.run(rows: chromaBottom - chromaTop, samplesPerRow: picture.width) { rows in
                for row in rows {
                    sampler.blendChroma(
                        row: chromaTop + row, cb: cb, cr: cr, lumaWidth: picture.width, lumaHeight: picture.height,
                        strength: strength)
                }
            }
        }
    }
}

/// Bilinear sampling of an RGBA image along the rows of a picture, positions in 16.16 fixed point
/// (sample coordinates: pixel centres at integers).
struct ImageSampler: Sendable {
    static let unit = 1 << 16
    let pixels: SharedPointer<UInt8>
    let width: Int, height: Int
    let inverse: AffineTransform
    /// Positions with at least one tap inside the image: -1 < u < width, -1 < v < height.
    let minU: Int, maxU: Int, minV: Int, maxV: Int
    /// Step of the position from one picture column to the next.
    let du: Int, dv: Int

    init(pixels: SharedPointer<UInt8>, width: Int, height: Int, inverse: AffineTransform) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.inverse = inverse
        minU = 1 - Self.unit
        maxU = width * Self.unit
        minV = 1 - Self.unit
        maxV = height * Self.unit
        let unit = Double(Self.unit)
        du = Int((inverse.a * unit).rounded())
        dv = Int((inverse.b * unit).rounded())
    }

    /// The position of picture pixel (0, y)'s centre.
    @inline(__always)
    package func start(row y: Int) -> (u: Int, v: Int) {
        let unit = Double(Self.unit)
        let cy = Double(y) + 0.5
        let u = Int(((inverse.a * 0.5 + inverse.c * cy + inverse.tx - 0.5) * unit).rounded())
        let v = Int(((inverse.b * 0.5 + inverse.d * cy + inverse.ty - 0.5) * unit).rounded())
        return (u, v)
    }

    /// The picture columns of a row, starting at position (u0, v0), that sample the image: a
    /// contiguous run, found once per row so the loops have no bounds test to miss.
    @inline(__always)
    func columns(u0: Int, v0: Int, count: Int) -> Range<Int> {
        let columns = BilinearSampler.inside(0..<count, start: u0, step: du, min: minU, max: maxU)
        return BilinearSampler.inside(columns, start: v0, step: dv, min: minV, max: maxV)
    }

    /// Alpha (0...255) and premultiplied R', G', B' (0...255 * 255) at a position; zero outside.
    @inline(__always)
    func sample(u: Int, v: Int) -> (a: Float, r: Float, g: Float, b: Float) {
        guard u >= minU, u < maxU, v >= minV, v < maxV else { return (0, 0, 0, 0) }
        let x0 = u &>> 16
        let y0 = v &>> 16
        let fx = Float(u & 0xFFFF) * (1 / 65536)
        let fy = Float(v & 0xFFFF) * (1 / 65536)
        // A tap outside the image weighs nothing: transparent.
        let wx0: Float = x0 >= 0 ? 1 - fx : 0
        let wx1: Float = x0 &+ 1 < width ? fx : 0
        let wy0: Float = y0 >= 0 ? 1 - fy : 0
        let wy1: Float = y0 &+ 1 < height ? fy : 0
        let xa = max(x0, 0)
        let xb = min(x0 &+ 1, width &- 1)
        let upper = pixels.base + max(y0, 0) &* width &* 4
        let lower = pixels.base + min(y0 &+ 1, height &- 1) &* width &* 4
        var a: Float = 0
        var r: Float = 0
        var g: Float = 0
        var b: Float = 0
        @inline(__always) func tap(_ p: UnsafeMutablePointer<UInt8>, _ weight: Float) {
            let t = Float(p[3]) * weight
            a += t
            r += t * Float(p[0])
            g += t * Float(p[1])
            b += t * Float(p[2])
        }
        tap(upper + xa &* 4, wx0 * wy0)
        tap(upper + xb &* 4, wx1 * wy0)
        tap(lower + xa &* 4, wx0 * wy1)
        tap(lower + xb &* 4, wx1 * wy1)
        return (a, r, g, b)
    }

    func blendLuma(row py: Int, into plane: Plane, strength: Float) {
        let (u0, v0) = start(row: py)
        let out = plane.row(py)
        for px in columns(u0: u0, v0: v0, count: plane.width) {
            let s = sample(u: u0 &+ px &* du, v: v0 &+ px &* dv)
            guard s.a > 0 else { continue }
            // The sampled Y' times its alpha.
            let value = 16 * s.a + ImageArea.yr * s.r + ImageArea.yg * s.g + ImageArea.yb * s.b
            let old = Float(out[px])
            out[px] = roundedByte(old + (value - old * s.a) * strength)
        }
    }

    func blendChroma(row cy: Int, cb: Plane, cr: Plane, lumaWidth: Int, lumaHeight: Int, strength: Float) {
        let rowCount = 2 &* cy &+ 1 < lumaHeight ? 2 : 1
        // Luma columns either luma row of the block samples, as chroma columns.
        var low = Int.max
        var high = Int.min
        for py in (2 * cy)..<(2 * cy + rowCount) {
            let (u0, v0) = start(row: py)
            let c = columns(u0: u0, v0: v0, count: lumaWidth)
            if !c.isEmpty {
                low = min(low, c.lowerBound)
                high = max(high, c.upperBound)
            }
        }
        guard low < high else { return }
        let first = start(row: 2 * cy)
        let second = start(row: 2 * cy + 1)
        ChromaBlend.blend(
            row: cy, cb: cb, cr: cr, lumaWidth: lumaWidth, lumaHeight: lumaHeight, strength: strength, lumaColumns: low..<high,
            coveredRows: 0..<lumaHeight, coveredColumns: 0..<lumaWidth
        ) { px, py in
            let (u0, v0) = py == 2 * cy ? first : second
            let s = sample(u: u0 &+ px &* du, v: v0 &+ px &* dv)
            return (
                s.a, 128 * s.a + ImageArea.cbr * s.r + ImageArea.cbg * s.g + ImageArea.cbb * s.b,
                128 * s.a + ImageArea.crr * s.r + ImageArea.crg * s.g + ImageArea.crb * s.b
            )
        }
    }
}
