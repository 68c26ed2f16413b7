import CText

/// Owns one FreeType library instance. Faces keep it alive, so it is freed after the last of them.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(FileAccessError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FileAccessError(
                .missingComponent, file: "libfreetype", operation: "starting FreeType",
                reason: freeTypeMessage(error))
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// Identifies a face: a font file and the face's index inside it (collections hold several).
struct FontFaceKey: Hashable {
    let file: String
    let index: Int
}

/// One loaded face at one pixel size, with its HarfBuzz font for shaping.
///
/// Glyphs are loaded without hinting, for shaping and rasterizing alike: text in video is scaled
/// and animated, and unhinted advances scale linearly, so shrink-to-fit and layout are predictable.
///
/// A colour bitmap face (CBDT or sbix, as Noto Color Emoji is) has no outlines, only pictures at
/// fixed sizes ("strikes"). It is shaped by HarfBuzz's own OpenType functions at the requested
/// size, and its pictures are drawn at the nearest strike and scaled (`ColorGlyphs`).
final class FontFace {
    static let loadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
    /// Colour glyphs: CBDT bitmaps, or COLR layers rendered by FreeType, both as BGRA.
    static let colorLoadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR | FT_LOAD_RENDER)

    let key: FontFaceKey
    let face: FT_Face
    let shapingFont: OpaquePointer
    /// True for a face whose glyphs are pictures at fixed sizes, without outlines.
    let isColorBitmap: Bool
    /// True when some glyphs may be coloured (CBDT, sbix or COLR tables).
    let hasColor: Bool
    /// Output pixels per pixel of the selected strike, for colour bitmap faces (1 otherwise).
    private(set) var strikeScale = 1.0
    private let library: FreeTypeLibrary
    private let file: ReadableFile
    private var currentSize = 0.0

    init(_ key: FontFaceKey, library: FreeTypeLibrary) throws(FileAccessError) {
        // Opened as every asset is (a regular file, beneath its template folder when in one), and
        // read by FreeType through the descriptor's name, so nothing else is read in its place.
        let file = try ReadableFile(path: key.file, operation: "loading font")
        var loaded: FT_Face?
        let error = FT_New_Face(library.handle, file.descriptorPath, FT_Long(key.index), &loaded)
        guard error == 0, let loaded else {
            let kind: FileAccessError.Kind = error == 1 ? .unreadable : .unsupported  // 1: cannot open resource
            throw FileAccessError(kind, file: key.file, operation: "loading font", reason: freeTypeMessage(error))
        }
        let flags = loaded.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        let color = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let bitmap = !scalable && color && loaded.pointee.num_fixed_sizes > 0
        guard scalable || bitmap else {
            FT_Done_Face(loaded)
            throw FileAccessError(
                .unsupported, file: key.file, operation: "loading font",
                reason: "not a scalable (outline) font")
        }
        guard let font = FontFace.shapingFont(loaded, bitmap: bitmap) else {
            FT_Done_Face(loaded)
            throw FileAccessError(.unsupported, file: key.file, operation: "loading font", reason: "HarfBuzz cannot use it")
        }
        self.isColorBitmap = bitmap
        self.hasColor = color
        self.key = key
        self.file = file
        self.face = loaded
        self.shapingFont = font
        self.library = library
    }

    deinit {
        hb_font_destroy(shapingFont)
        FT_Done_Face(face)
    }

    /// HarfBuzz's font for a face: FreeType's metrics for outline faces; for bitmap faces, whose
    /// FreeType metrics are those of a strike, HarfBuzz's own reading of the font's tables.
    private static func shapingFont(_ face: FT_Face, bitmap: Bool) -> OpaquePointer? {
        guard bitmap else {
            let font = hb_ft_font_create_referenced(face)
            if let font { hb_ft_font_set_load_flags(font, FontFace.loadFlags) }
            return font
        }
        guard let tables = hb_ft_face_create_referenced(face) else { return nil }
        defer { hb_face_destroy(tables) }
        let font = hb_font_create(tables)
        return font == hb_font_get_empty() ? nil : font
    }

    /// Sets the em size in pixels (26.6 precision) for both FreeType and HarfBuzz.
    func setSize(_ pixels: Double) throws(FileAccessError) {
        if pixels == currentSize { return }
        if isColorBitmap {
            try selectStrike(pixels)
        } else {
            let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
            guard error == 0 else {
                throw FileAccessError(.unsupported, file: key.file, operation: "sizing font to \(pixels) px", reason: freeTypeMessage(error))
            }
            hb_ft_font_changed(shapingFont)
        }
        currentSize = pixels
    }

    /// Picks the smallest strike at least `pixels` tall (else the largest), so that pictures are
    /// scaled down, which keeps them sharp; HarfBuzz positions in 26.6 pixels at `pixels`.
    private func selectStrike(_ pixels: Double) throws(FileAccessError) {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 0, let sizes = face.pointee.available_sizes else {
            throw FileAccessError(.unsupported, file: key.file, operation: "sizing font to \(pixels) px", reason: "no bitmap sizes")
        }
        let ppems = (0..<count).map { Double(sizes[$0].y_ppem) / 64 }
        let chosen = ppems.indices.filter { ppems[$0] >= pixels }.min { ppems[$0] < ppems[$1] } ?? ppems.indices.max { ppems[$0] < ppems[$1] } ?? 0
        let error = FT_Select_Size(face, FT_Int(chosen))
        guard error == 0, ppems[chosen] > 0 else {
            throw FileAccessError(.unsupported, file: key.file, operation: "sizing font to \(pixels) px", reason: freeTypeMessage(error))
        }
        strikeScale = pixels / ppems[chosen]
        let scale = Int32((pixels * 64).rounded())
        hb_font_set_scale(shapingFont, scale, scale)
    }

    /// True when the face maps the character to a glyph.
    func covers(_ scalar: UInt32) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar)) != 0
    }

    /// Ascender and descender (both positive) as fractions of the em, from the font's own units.
    var verticalMetrics: (ascent: Double, descent: Double) {
        var upem = Double(face.pointee.units_per_EM)
        var ascender = Double(face.pointee.ascender)
        var descender = Double(face.pointee.descender)
        if isColorBitmap {
            // FreeType gives a bitmap face no units; HarfBuzz reads them from its tables, in its scale.
            var extents = hb_font_extents_t()
            var xScale: Int32 = 0
            var yScale: Int32 = 0
            hb_font_get_scale(shapingFont, &xScale, &yScale)
            upem = hb_font_get_h_extents(shapingFont, &extents) != 0 ? Double(yScale) : 0
            ascender = Double(extents.ascender)
            descender = Double(extents.descender)
        }
        guard upem > 0 else { return (0.8, 0.2) }
        var ascent = ascender / upem
        var descent = -descender / upem
        if ascent <= 0 { ascent = 0.8 }
        if descent < 0 { descent = 0.2 }
        return (ascent, descent)
    }
}

/// FreeType's message for an error code (Debian's FreeType is built without its own strings).
func freeTypeMessage(_ error: FT_Error) -> String {
    if let text = FT_Error_String(error) { return String(cString: text) }
    switch error {
    case 0x01: return "cannot open the file"
    case 0x02: return "unknown font file format"
    case 0x03: return "broken font file"
    case 0x04: return "unknown font file version"
    case 0x06: return "invalid argument"
    case 0x08: return "broken font table"
    case 0x09: return "an offset leads outside the file"
    case 0x0A: return "a table's size is past what the file holds"
    case 0x10...0x1F: return "invalid glyph"
    case 0x40: return "out of memory"
    case 0x51...0x5F: return "broken font tables"
    default: return "FreeType error \(error)"
    }
}
