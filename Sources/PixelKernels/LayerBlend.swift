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
/// the backdrop's chroma and the chroma moves; per pixel (each block's chroma repeated over its two
/// columns, so every pixel loop runs over contiguous rows and vectorizes), the coverage, the chroma
/// terms of R'G'B', the two colours as channel rows and each pixel's move of its block's chroma.
private struct BlendScratch {
    let base: UnsafeMutablePointer<Float>
    let blocks: Int
    let pixels: Int

    init(blocks: Int) {
        self.blocks = blocks
        pixels = 2 &* blocks
        base = .allocate(capacity: 4 &* blocks &+ 15 &* pixels)
    }

    func deallocate() { base.deallocate() }

    /// Per block: 0 Cb under the layer, 1 Cr under it, 2 and 3 the sums of the pixels' moves.
    func block(_ i: Int) -> UnsafeMutablePointer<Float> { base + i &* blocks }
    /// Per pixel: 0 coverage; 1...3 the backdrop's chroma terms (red, green, blue), 4...6 the
    /// layer's; 7...9 the backdrop's R'G'B' rows, 10...12 the layer's (then the mode's colour);
    /// 13 and 14 the pixel's moves of Cb and Cr.
    func pixel(_ i: Int) -> UnsafeMutablePointer<Float> { base + (4 &* blocks &+ i &* pixels) }
}

/// The three pictures' planes, shared by the bands.
private struct BlendPlanes: Sendable {
    let backdrop: (y: Plane, cb: Plane, cr: Plane)
    let black: (y: Plane, cb: Plane, cr: Plane)
    let white: (y: Plane, cb: Plane, cr: Plane)

    // BT.709, limited range: Y' and chroma to R'G'B' in 0...1, and back.
    static let crToRed: Float = 1.5748 / 224
    static let cbToBlue: Float = 1.8556 / 224
    static let crToGreen: Float = -0.2126 * 1.5748 / 0.7152 / 224
    static let cbToGreen: Float = -0.0722 * 1.8556 / 0.7152 / 224
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
        // Pixel rows start at column `x0`; an odd width's last block still fills two entries.
        let x0 = 2 &* first
        let n = min(2 &* (last &+ 1), width) &- x0
        let (underCb, underCr, moveCb, moveCr) = (s.block(0), s.block(1), s.block(2), s.block(3))
        let coverage = s.pixel(0)
        let (termRed, termGreen, termBlue) = (s.pixel(1), s.pixel(2), s.pixel(3))
        let (ownRed, ownGreen, ownBlue) = (s.pixel(4), s.pixel(5), s.pixel(6))
        let (bRed, bGreen, bBlue) = (s.pixel(7), s.pixel(8), s.pixel(9))
        let (sRed, sGreen, sBlue) = (s.pixel(10), s.pixel(11), s.pixel(12))
        let (pixelCb, pixelCr) = (s.pixel(13), s.pixel(14))
        for cx in span {
            let ub = Float(bCb[cx])
            let vb = Float(bCr[cx])
            let au = 1 - (Float(wCb[cx]) - Float(kCb[cx])) / 255
            let av = 1 - (Float(wCr[cx]) - Float(kCr[cx])) / 255
            // Where the layer leaves a block's chroma alone, its own is unknown: the backdrop's
            // keeps such a block's colour as the normal draw would.
            let us = au > Self.faint ? Float(kCb[cx]) / au : ub
            let vs = av > Self.faint ? Float(kCr[cx]) / av : vb
            underCb[cx] = ub
            underCr[cx] = vb
            moveCb[cx] = 0
            moveCr[cx] = 0
            let i = 2 &* cx &- x0
            for p in i...(i &+ 1) {
                termRed[p] = (vb - 128) * Self.crToRed
                termGreen[p] = (ub - 128) * Self.cbToGreen + (vb - 128) * Self.crToGreen
                termBlue[p] = (ub - 128) * Self.cbToBlue
                ownRed[p] = (vs - 128) * Self.crToRed
                ownGreen[p] = (us - 128) * Self.cbToGreen + (vs - 128) * Self.crToGreen
                ownBlue[p] = (us - 128) * Self.cbToBlue
            }
        }
        for line in 0..<rowCount {
            let py = 2 &* cy &+ line
            let out = backdrop.y.row(py) + x0
            let k = black.y.row(py) + x0
            let w = white.y.row(py) + x0
            for i in 0..<n {
                let a = 1 - (Float(w[i]) - Float(k[i])) * (1 / 255)
                let yb = Float(out[i])
                let ys = a > Self.faint ? Float(k[i]) / a : yb
                coverage[i] = clamped(a, 0, 1)
                let lb = (yb - 16) * (1 / 219)
                let ls = (ys - 16) * (1 / 219)
                bRed[i] = clamped(lb + termRed[i], 0, 1)
                bGreen[i] = clamped(lb + termGreen[i], 0, 1)
                bBlue[i] = clamped(lb + termBlue[i], 0, 1)
                sRed[i] = clamped(ls + ownRed[i], 0, 1)
                sGreen[i] = clamped(ls + ownGreen[i], 0, 1)
                sBlue[i] = clamped(ls + ownBlue[i], 0, 1)
            }
            rows(bRed, sRed, n)
            rows(bGreen, sGreen, n)
            rows(bBlue, sBlue, n)
            for i in 0..<n {
                let r = sRed[i]
                let g = sGreen[i]
                let b = sBlue[i]
                let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
                let a = coverage[i]
                let yb = Float(out[i])
                out[i] = roundedByte(yb + a * (16 + 219 * luma - yb))
                // Each pixel moves its block's chroma towards the mode's colour by its coverage.
                pixelCb[i] = a * (128 + 224 / 1.8556 * (b - luma))
                pixelCr[i] = a * (128 + 224 / 1.5748 * (r - luma))
            }
            for cx in span {
                let i = 2 &* cx &- x0
                let aa = coverage[i] + (i &+ 1 < n ? coverage[i &+ 1] : 0)
                let cb = pixelCb[i] + (i &+ 1 < n ? pixelCb[i &+ 1] : 0)
                let cr = pixelCr[i] + (i &+ 1 < n ? pixelCr[i &+ 1] : 0)
                moveCb[cx] += cb - aa * underCb[cx]
                moveCr[cx] += cr - aa * underCr[cx]
            }
        }
        for cx in span {
            let columns = 2 &* cx &+ 1 < width ? 2 : 1
            let share = 1 / Float(rowCount &* columns)
            bCb[cx] = roundedByte(underCb[cx] + moveCb[cx] * share)
            bCr[cx] = roundedByte(underCr[cx] + moveCr[cx] * share)
        }
    }
}
