import CText

/// The colour glyphs of a text (emoji): pictures in premultiplied RGBA, scaled to the text size and
/// placed at their sub-pixel positions. They keep their own colours: the text colour does not
/// tint them and the stroke does not outline them; they cast the shadow with their alpha.
final class ColorGlyphs {
    /// A picture covering `rect` of the layout, premultiplied RGBA, row after row.
    struct Item {
        let pixels: [UInt8]
        let rect: InkRect
    }

    private(set) var items: [Item] = []

    /// Loads glyph `id` of `face` as a colour picture at layout position (`x26`, `y26`, y down,
    /// 26.6). False when the glyph has no colour picture (an outline glyph of a COLR font, for
    /// which the caller draws the outline instead).
    func add(face: FontFace, id: UInt32, x26: Int, y26: Int) throws(FileAccessError) -> Bool {
        // A bitmap face's glyph without a picture (a space, a joiner left alone) draws nothing;
        // it has no outline either.
        guard FT_Load_Glyph(face.face, id, FontFace.colorLoadFlags) == 0, let slot = face.face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_BITMAP, slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
            let buffer = slot.pointee.bitmap.buffer
        else { return face.isColorBitmap }
        let bitmap = slot.pointee.bitmap
        let scale = face.strikeScale
        let source = ColorBitmapScaler.Source(
            bytes: buffer, width: Int(bitmap.width), height: Int(bitmap.rows), pitch: Int(bitmap.pitch))
        let originX = Double(x26) / 64 + Double(slot.pointee.bitmap_left) * scale
        let originY = Double(y26) / 64 - Double(slot.pointee.bitmap_top) * scale
        let (pixels, rect) = ColorBitmapScaler.resample(source, scale: scale, originX: originX, originY: originY)
        if !rect.isEmpty { items.append(Item(pixels: pixels, rect: rect)) }
        return true
    }

    /// Pixel bounds of all pictures in layout coordinates.
    var bounds: InkRect { items.reduce(InkRect.empty) { $0.union($1.rect) } }

    /// Draws every picture "over" the ones before into a premultiplied RGBA layer covering `area`.
    func render(into layer: inout [UInt8], area: InkRect) {
        for item in items {
            let w = item.rect.width
            for row in 0..<item.rect.height {
                let y = item.rect.y0 + row - area.y0
                guard y >= 0, y < area.height else { continue }
                for column in 0..<w {
                    let x = item.rect.x0 + column - area.x0
                    guard x >= 0, x < area.width else { continue }
                    let s = (row * w + column) * 4
                    let alpha = Int(item.pixels[s + 3])
                    if alpha == 0 { continue }
                    let d = (y * area.width + x) * 4
                    let keep = 255 - alpha
                    for c in 0..<4 {
                        layer[d + c] = UInt8(min(255, Int(item.pixels[s + c]) + (Int(layer[d + c]) * keep + 127) / 255))
                    }
                }
            }
        }
    }
}
