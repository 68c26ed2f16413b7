import CText

/// A rectangle of whole pixels, half-open: `x0..<x1`, `y0..<y1`.
struct InkRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    var width: Int { max(0, x1 - x0) }
    var height: Int { max(0, y1 - y0) }
    var isEmpty: Bool { width == 0 || height == 0 }

    func union(_ other: InkRect) -> InkRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return InkRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    func offset(_ dx: Int, _ dy: Int) -> InkRect { InkRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }
    func inset(_ d: Int) -> InkRect { InkRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }

    static let empty = InkRect(x0: 0, y0: 0, x1: 0, y1: 0)
}

/// Owns an FT_Stroker that draws round-joined outlines of a given radius.
final class GlyphStroker {
    let handle: FT_Stroker

    init(library: FreeTypeLibrary, width: Double) throws(FileAccessError) {
        var stroker: FT_Stroker?
        let error = FT_Stroker_New(library.handle, &stroker)
        guard error == 0, let stroker else {
            throw FileAccessError(.missingComponent, file: "libfreetype", operation: "creating a stroker", reason: freeTypeMessage(error))
        }
        FT_Stroker_Set(stroker, FT_Fixed((width * 64).rounded()), FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
        handle = stroker
    }

    deinit { FT_Stroker_Done(handle) }
}

/// The outlines of every placed glyph, moved to their sub-pixel positions (26.6), kept between
/// measuring their bounds and rendering them. Frees them all when done.
final class GlyphOutlines {
    /// An outline whose pixel (0, 0) lies at (`x`, `y`) of the layout; FreeType's y points up.
    struct Item {
        let glyph: FT_Glyph
        let x: Int
        let y: Int
    }

    private(set) var items: [Item] = []

    deinit { for item in items { FT_Done_Glyph(item.glyph) } }

    /// Loads glyph `id` of `face` at layout position (`x26`, `y26`, y down, 26.6); the stroked
    /// outer border instead of the glyph when a stroker is given. Bitmap-only glyphs are skipped.
    func add(face: FontFace, id: UInt32, x26: Int, y26: Int, stroker: GlyphStroker?) throws(FileAccessError) {
        let error = FT_Load_Glyph(face.face, id, FontFace.loadFlags)
        guard error == 0 else {
            throw FileAccessError(.corrupt, file: face.key.file, operation: "loading glyph \(id)", reason: freeTypeMessage(error))
        }
        guard let slot = face.face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return }
        var loaded: FT_Glyph?
        guard FT_Get_Glyph(slot, &loaded) == 0, loaded != nil else { return }
        if let stroker, FT_Glyph_StrokeBorder(&loaded, stroker.handle, 0, 1) != 0 {
            if let loaded { FT_Done_Glyph(loaded) }
            return
        }
        guard let glyph = loaded else { return }
        let x = x26 >> 6
        let y = y26 >> 6  // floor, also for negative positions
        var fraction = FT_Vector(x: FT_Pos(x26 - x * 64), y: FT_Pos(-(y26 - y * 64)))
        FT_Glyph_Transform(glyph, nil, &fraction)
        items.append(Item(glyph: glyph, x: x, y: y))
    }

    /// Pixel bounds of all outlines in layout coordinates (y down).
    var bounds: InkRect {
        var all = InkRect.empty
        for item in items {
            var box = FT_BBox()
            FT_Glyph_Get_CBox(item.glyph, FT_UInt(FT_GLYPH_BBOX_PIXELS.rawValue), &box)
            let rect = InkRect(
                x0: item.x + Int(box.xMin), y0: item.y - Int(box.yMax),
                x1: item.x + Int(box.xMax), y1: item.y - Int(box.yMin))
            all = all.union(rect)
        }
        return all
    }

    /// Renders every outline, antialiased, into a coverage mask covering `area`. Overlapping
    /// glyphs (joined Arabic letters, marks) combine as a union, a + b − ab, leaving no dark seams.
    func render(into mask: inout [UInt8], area: InkRect) {
        for item in items {
            var copy: FT_Glyph?
            guard FT_Glyph_Copy(item.glyph, &copy) == 0, copy != nil else { continue }
            let error = FT_Glyph_To_Bitmap(&copy, FT_RENDER_MODE_NORMAL, nil, 1)
            guard let glyph = copy else { continue }
            defer { FT_Done_Glyph(glyph) }
            guard error == 0 else { continue }
            let bitmapGlyph = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_BitmapGlyphRec.self)
            let bitmap = bitmapGlyph.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { continue }
            let left = item.x + Int(bitmapGlyph.pointee.left) - area.x0
            let top = item.y - Int(bitmapGlyph.pointee.top) - area.y0
            for row in 0..<Int(bitmap.rows) {
                let y = top + row
                guard y >= 0, y < area.height else { continue }
                let source = buffer + row * Int(bitmap.pitch)
                for column in 0..<Int(bitmap.width) {
                    let x = left + column
                    guard x >= 0, x < area.width else { continue }
                    let b = Int(source[column])
                    if b == 0 { continue }
                    let i = y * area.width + x
                    let a = Int(mask[i])
                    mask[i] = UInt8(a + b - (a * b + 127) / 255)
                }
            }
        }
    }
}
