import MediaIO

extension Compositor {
    /// The value every plane of `layerOverBlack` is filled with before the layer is drawn on it.
    package static let blendBlack: UInt8 = 0
    /// The value every plane of `layerOverWhite` is filled with before the layer is drawn on it.
    package static let blendWhite: UInt8 = 255

    /// Lays a layer over `picture` in a blend mode: where the layer covers the picture, the colour
    /// under it (`Cb`) and the layer's (`Cs`) are turned into R'G'B', the mode gives `B(Cb, Cs)`,
    /// and that colour is laid over the picture by the layer's coverage, as `normal` lays `Cs`
    /// (W3C Compositing and Blending Level 1: `Cs' = B(Cb, Cs)` over an opaque backdrop, then
    /// source-over). Gamma-encoded values are blended, as CSS and editors do.
    ///
    /// The layer is given as it was drawn, by any of the compositor's draws, over two pictures
    /// of `picture`'s size whose planes were filled with `blendBlack` and `blendWhite`. Every draw
    /// is affine in the value under it (`out = (1 − α) × under + α × colour`, per plane), so the two
    /// give the layer's coverage `α` and premultiplied colour at every sample, whatever drew it:
    /// a sticker, a text, a turned picture-in-picture, a keyed clip. Blocks the layer does not touch
    /// keep their bytes. Chroma follows the normal draw's rule: each pixel of a 2x2 block moves the
    /// block's chroma by its own coverage, a share each.
    package static func blend(_ kernel: BlendKernel, layerOverBlack black: Picture, layerOverWhite white: Picture, onto picture: Picture) {
        EntryChecks.picture(picture, "Compositor.blend(kernel)")
        EntryChecks.picture(black, "Compositor.blend(kernel)")
        EntryChecks.picture(white, "Compositor.blend(kernel)")
        EntryChecks.require(
            black.width == picture.width && black.height == picture.height && white.width == picture.width && white.height == picture.height,
            "Compositor.blend(kernel): layers of \(black.width)x\(black.height) and \(white.width)x\(white.height) over \(picture.width)x\(picture.height)"
        )
        let planes = BlendPlanes(
            backdrop: (picture.lumaPlane, picture.cbPlane, picture.crPlane), black: (black.lumaPlane, black.cbPlane, black.crPlane),
            white: (white.lumaPlane, white.cbPlane, white.crPlane))
        let rows = kernel.rows
        RowBands.run(rows: picture.chromaHeight, samplesPerRow: picture.width &* 2) { band in
            let blocks = picture.chromaWidth
            let scratch = BlendScratch(blocks: blocks)
            defer { scratch.deallocate() }
            for cy in band { planes.blendRow(cy, scratch: scratch, rows: rows) }
        }
    }
}

/// Float rows for one band of `Compositor.blend(_:layerOverBlack:layerOverWhite:onto:)`: per block,
/// the chroma terms and sums; per pixel, the coverage and the two colours as channel rows.
private struct BlendScratch {
    let base: UnsafeMutablePointer<Float>
    let blocks: Int

    init(blocks: Int) {
        self.blocks = blocks
        base = .allocate(capacity: 10 &* blocks &+ 7 &* 2 &* blocks)
    }

    func deallocate() { base.deallocate() }

    // Per block: the backdrop's and the layer's chroma as R'G'B' offsets, and the chroma moves.
    var backdropRed: UnsafeMutablePointer<Float> { base }
    var backdropGreen: UnsafeMutablePointer<Float> { base + blocks }
    var backdropBlue: UnsafeMutablePointer<Float> { base + 2 &* blocks }
    var sourceRed: UnsafeMutablePointer<Float> { base + 3 &* blocks }
    var sourceGreen: UnsafeMutablePointer<Float> { base + 4 &* blocks }
    var sourceBlue: UnsafeMutablePointer<Float> { base + 5 &* blocks }
    var moveCb: UnsafeMutablePointer<Float> { base + 6 &* blocks }
    var moveCr: UnsafeMutablePointer<Float> { base + 7 &* blocks }
    var backdropCb: UnsafeMutablePointer<Float> { base + 8 &* blocks }
    var backdropCr: UnsafeMutablePointer<Float> { base + 9 &* blocks }
    // Per pixel: coverage, then the backdrop's R'G'B' rows and the layer's (contiguous, so the mode
    // runs over all three channels in one loop).
    var coverage: UnsafeMutablePointer<Float> { base + 10 &* blocks }
    var backdrop: UnsafeMutablePointer<Float> { base + 12 &* blocks }
    var source: UnsafeMutablePointer<Float> { base + 18 &* blocks }
}

/// The three pictures' planes, shared by the bands.
private struct BlendPlanes: Sendable {
    let backdrop: (y: Plane, cb: Plane, cr: Plane)
    let black: (y: Plane, cb: Plane, cr: Plane)
    let white: (y: Plane, cb: Plane, cr: Plane)

    // BT.709, limited range: Y' and chroma to R'G'B' in 0...1, and back.
    static let crToRed: Float = 1.5748 / 224, cbToBlue: Float = 1.8556 / 224
    static let crToGreen: Float = -0.2126 * 1.5748 / 0.7152 / 224, cbToGreen: Float = -0.0722 * 1.8556 / 0.7152 / 224
    /// Below this coverage a sample's colour cannot be recovered; its weight makes it not matter.
    static let faint: Float = 0.5 / 255

    /// Blends chroma row `cy` and the one or two luma rows it covers.
    func blendRow(_ cy: Int, scratch s: BlendScratch, rows: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void) {
        let width = backdrop.y.width
        let blocks = backdrop.cb.width
        let bCb = backdrop.cb.row(cy)
        let bCr = backdrop.cr.row(cy)
        let kCb = black.cb.row(cy)
        let kCr = black.cr.row(cy)
        let wCb = white.cb.row(cy)
        let wCr = white.cr.row(cy)
        let rowCount = 2 &* cy &+ 1 < backdrop.y.height ? 2 : 1
        // The blocks the layer touches: from the first to the last with any coverage.
        var first = blocks
        var last = -1
        for cx in 0..<blocks {
            var touched = kCb[cx] != 0 || kCr[cx] != 0 || wCb[cx] != 255 || wCr[cx] != 255
            for line in 0..<rowCount {
                let k = black.y.row(2 &* cy &+ line)
                let w = white.y.row(2 &* cy &+ line)
                let x = 2 &* cx
                let x1 = min(x &+ 1, width &- 1)
                touched = touched || k[x] != 0 || w[x] != 255 || k[x1] != 0 || w[x1] != 255
            }
            if touched {
                first = min(first, cx)
                last = cx
            }
        }
        guard first <= last else { return }
        let span = first..<(last &+ 1)
        for cx in span {
            let ub = Float(bCb[cx])
            let vb = Float(bCr[cx])
            let au = 1 - (Float(wCb[cx]) - Float(kCb[cx])) / 255
            let av = 1 - (Float(wCr[cx]) - Float(kCr[cx])) / 255
            // Where the layer leaves a block's chroma alone, its own is unknown: the backdrop's
            // keeps such a block's colour as the normal draw would.
            let us = au > Self.faint ? Float(kCb[cx]) / au : ub
            let vs = av > Self.faint ? Float(kCr[cx]) / av : vb
            s.backdropRed[cx] = (vb - 128) * Self.crToRed
            s.backdropGreen[cx] = (ub - 128) * Self.cbToGreen + (vb - 128) * Self.crToGreen
            s.backdropBlue[cx] = (ub - 128) * Self.cbToBlue
            s.sourceRed[cx] = (vs - 128) * Self.crToRed
            s.sourceGreen[cx] = (us - 128) * Self.cbToGreen + (vs - 128) * Self.crToGreen
            s.sourceBlue[cx] = (us - 128) * Self.cbToBlue
            s.backdropCb[cx] = ub
            s.backdropCr[cx] = vb
            s.moveCb[cx] = 0
            s.moveCr[cx] = 0
        }
        let x0 = 2 &* first
        let x1 = min(2 &* (last &+ 1), width)
        let n = x1 &- x0
        let pixels = 2 &* blocks
        for line in 0..<rowCount {
            let py = 2 &* cy &+ line
            let out = backdrop.y.row(py)
            let k = black.y.row(py)
            let w = white.y.row(py)
            let bRed = s.backdrop
            let bGreen = s.backdrop + pixels
            let bBlue = s.backdrop + 2 &* pixels
            let sRed = s.source
            let sGreen = s.source + pixels
            let sBlue = s.source + 2 &* pixels
            for i in 0..<n {
                let x = x0 &+ i
                let cx = x &>> 1
                let a = 1 - (Float(w[x]) - Float(k[x])) / 255
                let yb = Float(out[x])
                let ys = a > Self.faint ? Float(k[x]) / a : yb
                s.coverage[i] = clamped(a, 0, 1)
                let lb = (yb - 16) * (1 / 219)
                let ls = (ys - 16) * (1 / 219)
                bRed[i] = clamped(lb + s.backdropRed[cx], 0, 1)
                bGreen[i] = clamped(lb + s.backdropGreen[cx], 0, 1)
                bBlue[i] = clamped(lb + s.backdropBlue[cx], 0, 1)
                sRed[i] = clamped(ls + s.sourceRed[cx], 0, 1)
                sGreen[i] = clamped(ls + s.sourceGreen[cx], 0, 1)
                sBlue[i] = clamped(ls + s.sourceBlue[cx], 0, 1)
            }
            // The three channel rows lie one after another (stride `pixels`): one run of the mode.
            for channel in 0..<3 {
                rows(s.backdrop + channel &* pixels, s.source + channel &* pixels, n)
            }
            for i in 0..<n {
                let x = x0 &+ i
                let cx = x &>> 1
                let r = sRed[i]
                let g = sGreen[i]
                let b = sBlue[i]
                let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                let a = s.coverage[i]
                let yb = Float(out[x])
                out[x] = roundedByte(yb + a * (16 + 219 * luma - yb))
                s.moveCb[cx] += a * (128 + 224 / 1.8556 * (b - luma) - s.backdropCb[cx])
                s.moveCr[cx] += a * (128 + 224 / 1.5748 * (r - luma) - s.backdropCr[cx])
            }
        }
        for cx in span {
            let columns = 2 &* cx &+ 1 < width ? 2 : 1
            let share = 1 / Float(rowCount &* columns)
            bCb[cx] = roundedByte(s.backdropCb[cx] + s.moveCb[cx] * share)
            bCr[cx] = roundedByte(s.backdropCr[cx] + s.moveCr[cx] * share)
        }
    }
}
