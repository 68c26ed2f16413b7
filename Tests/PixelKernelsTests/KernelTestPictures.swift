import MediaIO

/// Synthetic pictures and comparisons for the kernel tests.
enum KernelTestPictures {
    static func flat(_ width: Int, _ height: Int, _ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Picture {
        let p = Picture(width: width, height: height)
        p.fill(red: red, green: green, blue: blue)
        return p
    }

    static func flat(_ width: Int, _ height: Int, y: UInt8, u: UInt8 = 128, v: UInt8 = 128) -> Picture {
        let p = Picture(width: width, height: height)
        p.fill(y: y, u: u, v: v)
        return p
    }

    /// Every sample of every plane set by `value(component, x, y)` (component 0 Y', 1 Cb, 2 Cr).
    static func make(_ width: Int, _ height: Int, _ value: (Int, Int, Int) -> Int) -> Picture {
        let p = Picture(width: width, height: height)
        for (component, base, w, h, stride) in [
            (0, p.y, width, height, p.lumaStride),
            (1, p.u, p.chromaWidth, p.chromaHeight, p.chromaStride),
            (2, p.v, p.chromaWidth, p.chromaHeight, p.chromaStride),
        ] {
            for y in 0..<h {
                for x in 0..<w { base[y * stride + x] = UInt8(clamping: value(component, x, y)) }
            }
        }
        return p
    }

    /// Luma rising from 16 on the left to 235 on the right (or top to bottom), neutral chroma.
    static func gradient(_ width: Int, _ height: Int, horizontal: Bool = true) -> Picture {
        make(width, height) { c, x, y in
            guard c == 0 else { return 128 }
            let t = horizontal ? Double(x) / Double(width - 1) : Double(y) / Double(height - 1)
            return Int((16 + 219 * t).rounded())
        }
    }

    /// Squares of `cell` pixels alternating between two lumas, neutral chroma.
    static func checkerboard(_ width: Int, _ height: Int, cell: Int, dark: Int = 40, light: Int = 200) -> Picture {
        make(width, height) { c, x, y in
            guard c == 0 else { return 128 }
            return (x / cell + y / cell) % 2 == 0 ? dark : light
        }
    }

    /// Samples that tell every position apart, so moved content can be traced.
    static func pattern(_ width: Int, _ height: Int, seed: Int) -> Picture {
        make(width, height) { c, x, y in (x * (7 + seed) + y * (13 + 2 * seed) + c * 50 + seed * 31) & 255 }
    }

    /// The largest difference between two same-size pictures over every visible sample.
    static func maxDifference(_ a: Picture, _ b: Picture) -> Int {
        var worst = 0
        for (pa, pb, w, h, stride) in [
            (a.y, b.y, a.width, a.height, a.lumaStride),
            (a.u, b.u, a.chromaWidth, a.chromaHeight, a.chromaStride),
            (a.v, b.v, a.chromaWidth, a.chromaHeight, a.chromaStride),
        ] {
            for y in 0..<h {
                for x in 0..<w { worst = max(worst, abs(Int(pa[y * stride + x]) - Int(pb[y * stride + x]))) }
            }
        }
        return worst
    }

    static func luma(_ p: Picture, _ x: Int, _ y: Int) -> Int { Int(p.luma(x: x, y: y)) }

    static func chroma(_ p: Picture, _ x: Int, _ y: Int) -> (u: Int, v: Int) {
        let c = p.chroma(x: x, y: y)
        return (Int(c.u), Int(c.v))
    }

    /// Variance of the luma plane.
    static func lumaVariance(_ p: Picture) -> Double {
        var sum = 0.0
        var squares = 0.0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let v = Double(p.luma(x: x, y: y))
                sum += v
                squares += v * v
            }
        }
        let n = Double(p.width * p.height)
        return squares / n - (sum / n) * (sum / n)
    }
}
