/// A planar 8-bit YUV 4:2:0 picture, BT.709 limited range: the working format of composition.
///
/// Composition happens in the format the encoder takes, so no pixel is converted to RGB and back:
/// crossfades and alpha blends are linear and give the same result in Y'CbCr as in R'G'B'.
/// Planes are contiguous, 64-byte aligned rows, owned by this object.
public final class Picture: @unchecked Sendable {
    /// Width in luma pixels; may be odd, the chroma planes round up.
    package let width: Int
    /// Height in luma rows; may be odd, the chroma planes round up.
    package let height: Int
    /// Bytes per row of the luma plane and of each chroma plane.
    package let lumaStride: Int
    /// Bytes per row of the U and V planes, a multiple of 64.
    package let chromaStride: Int
    /// Chroma samples per row: half the width, rounded up.
    package var chromaWidth: Int { (width + 1) / 2 }
    /// Chroma rows: half the height, rounded up.
    package var chromaHeight: Int { (height + 1) / 2 }

    /// The luma plane, `lumaStride * height` bytes, owned and freed by the picture.
    package let y: UnsafeMutablePointer<UInt8>
    /// The Cb plane, `chromaStride * chromaHeight` bytes.
    package let u: UnsafeMutablePointer<UInt8>
    /// The Cr plane, `chromaStride * chromaHeight` bytes.
    package let v: UnsafeMutablePointer<UInt8>

    /// Allocates the planes, contents undefined until drawn or filled; both sides must be positive.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "Picture: empty size \(width)x\(height)")
        self.width = width
        self.height = height
        lumaStride = (width + 63) & ~63
        chromaStride = ((width + 1) / 2 + 63) & ~63
        let ch = (height + 1) / 2
        y = Self.allocate(lumaStride * height)
        u = Self.allocate(chromaStride * ch)
        v = Self.allocate(chromaStride * ch)
    }

    deinit {
        y.deallocate()
        u.deallocate()
        v.deallocate()
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        return raw.bindMemory(to: UInt8.self, capacity: count)
    }

    /// Fills the whole picture with one colour given in limited-range Y'CbCr.
    package func fill(y luma: UInt8, u cb: UInt8, v cr: UInt8) {
        y.update(repeating: luma, count: lumaStride * height)
        u.update(repeating: cb, count: chromaStride * chromaHeight)
        v.update(repeating: cr, count: chromaStride * chromaHeight)
    }

    /// Fills with an sRGB colour (converted with BT.709 limited-range coefficients).
    package func fill(red: UInt8, green: UInt8, blue: UInt8) {
        let c = YCbCr(red: red, green: green, blue: blue)
        fill(y: c.y, u: c.cb, v: c.cr)
    }

    /// Copies `other` (same size) into this picture.
    package func copy(from other: Picture) {
        precondition(other.width == width && other.height == height)
        y.update(from: other.y, count: lumaStride * height)
        u.update(from: other.u, count: chromaStride * chromaHeight)
        v.update(from: other.v, count: chromaStride * chromaHeight)
    }

    /// The luma value at a pixel, for tests and analysis.
    package func luma(x: Int, y row: Int) -> UInt8 { y[row * lumaStride + x] }
    /// The chroma pair covering a pixel (its 2x2 block's), for tests and analysis.
    package func chroma(x: Int, y row: Int) -> (u: UInt8, v: UInt8) {
        let i = (row / 2) * chromaStride + x / 2
        return (u[i], v[i])
    }
}

/// A colour in BT.709 limited-range Y'CbCr.
package struct YCbCr: Sendable, Hashable {
    /// Luma, 16 (black) to 235 (white).
    package var y: UInt8
    /// Blue-difference chroma, 16 to 240, 128 neutral.
    package var cb: UInt8
    /// Red-difference chroma, 16 to 240, 128 neutral.
    package var cr: UInt8

    /// Raw components, not checked against the limited range.
    package init(y: UInt8, cb: UInt8, cr: UInt8) {
        self.y = y
        self.cb = cb
        self.cr = cr
    }

    /// Converts gamma-encoded sRGB with the BT.709 matrix into limited range.
    package init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let yy = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let pb = (b - yy) / 1.8556
        let pr = (r - yy) / 1.5748
        func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, x.rounded()))) }
        self.init(y: clamp(16 + 219 * yy), cb: clamp(128 + 224 * pb), cr: clamp(128 + 224 * pr))
    }

    /// Back to sRGB (BT.709, limited range), for tests and PNG previews of single colours.
    package var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        let yy = (Double(y) - 16) / 219
        let pb = (Double(cb) - 128) / 224
        let pr = (Double(cr) - 128) / 224
        let r = yy + 1.5748 * pr
        let b = yy + 1.8556 * pb
        let g = (yy - 0.2126 * r - 0.0722 * b) / 0.7152
        func clamp(_ x: Double) -> UInt8 { UInt8(max(0, min(255, (x * 255).rounded()))) }
        return (clamp(r), clamp(g), clamp(b))
    }
}
