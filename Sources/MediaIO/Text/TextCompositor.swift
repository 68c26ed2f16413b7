/// Paints the layers of rendered text into one straight-alpha RGBA image.
///
/// Back to front: the box, the shadow, the stroke, the fill, the colour glyphs. The shadow is cast
/// by the text (its fill, stroke and colour glyphs), not by the box, so a boxed caption can still
/// have a soft shadow on the box. The stroke is the glyph's outer border, so it lies under the
/// fill and never thins the letters. Colour glyphs (emoji) keep their colours and take only the
/// text colour's opacity.
/// Blending is "over" in premultiplied sRGB values, as image editors do, then un-premultiplied.
struct TextCompositor {
    var style: TextLook
    /// The text block, in layout pixels.
    var block: TextRect
    var fill: [UInt8]
    var stroke: [UInt8]?
    /// Coverage of the highlighted glyphs, filled with `style.highlight`'s colour.
    var highlight: [UInt8]? = nil
    /// Colour glyphs, premultiplied RGBA, four bytes a pixel of `inkArea`.
    var colored: [UInt8]?
    /// Where `fill`, `stroke` and `colored` lie, in layout pixels.
    var inkArea: InkRect

    /// The area the image must cover, in layout pixels.
    func canvas() -> InkRect {
        var area = inkArea
        if let shadow = style.shadow, !inkArea.isEmpty {
            let e = ShadowBlur.extent(blur: shadow.blur)
            area = area.union(inkArea.offset(Int(shadow.dx.rounded()), Int(shadow.dy.rounded())).inset(-e))
        }
        if let rect = boxRect() {
            area = area.union(
                InkRect(
                    x0: Int(rect.x.rounded(.down)), y0: Int(rect.y.rounded(.down)),
                    x1: Int((rect.x + rect.width).rounded(.up)), y1: Int((rect.y + rect.height).rounded(.up))))
        }
        return area
    }

    private func boxRect() -> TextRect? {
        guard let box = style.box else { return nil }
        let p = box.padding
        return TextRect(x: block.x - p, y: block.y - p, width: block.width + 2 * p, height: block.height + 2 * p)
    }

    /// The image over `area` (from `canvas()`).
    func composite(area: InkRect) -> RGBAImage {
        let w = area.width
        let h = area.height
        var image = RGBAImage(width: w, height: h)
        guard w > 0, h > 0 else { return image }
        let shadowMask = shadowCoverage(area: area)
        let box = boxRect()
        let radius = min(style.box?.cornerRadius ?? 0, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2)
        image.pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let iy = y + area.y0 - inkArea.y0
                for x in 0..<w {
                    var pixel = Premultiplied()
                    if let box, let color = style.box?.color {
                        let c = TextCompositor.roundedRectCoverage(
                            x: Double(x + area.x0) + 0.5, y: Double(y + area.y0) + 0.5,
                            rect: box, radius: radius)
                        pixel.over(color, c)
                    }
                    if let shadowMask, let color = style.shadow?.color {
                        pixel.over(color, Double(shadowMask[y * w + x]) / 255)
                    }
                    let ix = x + area.x0 - inkArea.x0
                    if ix >= 0, ix < inkArea.width, iy >= 0, iy < inkArea.height {
                        let i = iy * inkArea.width + ix
                        if let stroke, let color = style.stroke?.color { pixel.over(color, Double(stroke[i]) / 255) }
                        pixel.over(style.color, Double(fill[i]) / 255)
                        if let highlight, let color = style.highlight?.color { pixel.over(color, Double(highlight[i]) / 255) }
                        if let colored {
                            pixel.over(premultiplied: colored, at: i * 4, opacity: Double(style.color.alpha) / 255)
                        }
                    }
                    pixel.store(into: out, at: (y * w + x) * 4)
                }
            }
        }
        return image
    }

    /// The text's ink moved by the shadow offset and blurred, over `area`.
    private func shadowCoverage(area: InkRect) -> [UInt8]? {
        guard let shadow = style.shadow, !inkArea.isEmpty else { return nil }
        let w = area.width
        var mask = [UInt8](repeating: 0, count: w * area.height)
        let dx = Int(shadow.dx.rounded()) + inkArea.x0 - area.x0
        let dy = Int(shadow.dy.rounded()) + inkArea.y0 - area.y0
        for y in 0..<inkArea.height {
            for x in 0..<inkArea.width {
                let i = y * inkArea.width + x
                let ink = max(fill[i], stroke?[i] ?? 0, colored?[i * 4 + 3] ?? 0, highlight?[i] ?? 0)
                if ink != 0 { mask[(y + dy) * w + x + dx] = ink }
            }
        }
        ShadowBlur.apply(&mask, width: w, height: area.height, blur: shadow.blur)
        return mask
    }

    /// Antialiased coverage of a pixel centre by a rounded rectangle, from its signed distance.
    static func roundedRectCoverage(x: Double, y: Double, rect: TextRect, radius: Double) -> Double {
        let hx = rect.width / 2
        let hy = rect.height / 2
        let qx = abs(x - (rect.x + hx)) - hx + radius
        let qy = abs(y - (rect.y + hy)) - hy + radius
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        let distance = outside + min(max(qx, qy), 0) - radius
        return min(max(0.5 - distance, 0), 1)
    }
}

/// A pixel being composited, premultiplied, channels 0...1.
private struct Premultiplied {
    var r = 0.0, g = 0.0, b = 0.0, a = 0.0

    mutating func over(_ color: RGBAColor, _ coverage: Double) {
        let alpha = Double(color.alpha) / 255 * coverage
        guard alpha > 0 else { return }
        let keep = 1 - alpha
        r = Double(color.red) / 255 * alpha + r * keep
        g = Double(color.green) / 255 * alpha + g * keep
        b = Double(color.blue) / 255 * alpha + b * keep
        a = alpha + a * keep
    }

    /// Composites a premultiplied RGBA pixel of `layer` over this one.
    mutating func over(premultiplied layer: [UInt8], at i: Int, opacity: Double) {
        let alpha = Double(layer[i + 3]) / 255 * opacity
        guard alpha > 0 else { return }
        let keep = 1 - alpha
        r = Double(layer[i]) / 255 * opacity + r * keep
        g = Double(layer[i + 1]) / 255 * opacity + g * keep
        b = Double(layer[i + 2]) / 255 * opacity + b * keep
        a = alpha + a * keep
    }

    func store(into out: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        guard a > 0 else { return }
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(v * 255, 0), 255).rounded()) }
        out[i] = byte(r / a)
        out[i + 1] = byte(g / a)
        out[i + 2] = byte(b / a)
        out[i + 3] = byte(a)
    }
}
