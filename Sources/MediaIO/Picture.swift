/// A planar 8-bit YUV 4:2:0 picture, BT.709 limited range: the working format of composition.
///
/// Composition happens in the format the encoder takes, so no pixel is converted to RGB and back:
/// crossfades and alpha blends are linear and give the same result in Y'CbCr as in R'G'B'.
/// Planes are contiguous, 64-byte aligned rows, owned by this object.
public final class Picture: @unchecked Sendable {
    package let width: Int
    package let height: Int
    /// Bytes per row of the luma plane and of each chroma plane.
    package let lumaStride: Int
    package let chromaStride: Int
    package var chromaWidth: Int { (width + 1) / 2 }
    package var chromaHeight: Int { (height + 1) / 2 }

    package let y: UnsafeMutablePointer<UInt8>
    package let u: UnsafeMutablePointer<UInt8>
    package let v: UnsafeMutablePointer<UInt8>

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
    package func chroma(x: Int, y row: Int) -> (u: UInt8, v: UInt8) {
        let i = (row / 2) * chromaStride + x / 2
        return (u[i], v[i])
    }
}

/// A colour in BT.709 limited-range Y'CbCr.
package struct YCbCr: Sendable, Hashable {
    package var y: UInt8
    package var cb: UInt8
    package var cr: UInt8

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
