import CText

/// Owns one FreeType library instance. Faces keep it alive, so it is freed after the last of them.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(MediaError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw MediaError(
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
final class FontFace {
    static let loadFlags = Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)

    let key: FontFaceKey
    let face: FT_Face
    let shapingFont: OpaquePointer
    private let library: FreeTypeLibrary
    private let file: ReadableFile
    private var currentSize = 0.0

    init(_ key: FontFaceKey, library: FreeTypeLibrary) throws(MediaError) {
        // Opened as every asset is (a regular file, beneath its template folder when in one), and
        // read by FreeType through the descriptor's name, so nothing else is read in its place.
        let file = try ReadableFile.forMedia(key.file, operation: "loading font")
        var loaded: FT_Face?
        let error = FT_New_Face(library.handle, file.descriptorPath, FT_Long(key.index), &loaded)
        guard error == 0, let loaded else {
            let kind: MediaError.Kind = error == 1 ? .unreadable : .unsupported  // 1: cannot open resource
            throw MediaError(kind, file: key.file, operation: "loading font", reason: freeTypeMessage(error))
        }
        guard loaded.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(loaded)
            throw MediaError(
                .unsupported, file: key.file, operation: "loading font",
                reason: "not a scalable (outline) font")
        }
        guard let font = hb_ft_font_create_referenced(loaded) else {
            FT_Done_Face(loaded)
            throw MediaError(.unsupported, file: key.file, operation: "loading font", reason: "HarfBuzz cannot use it")
        }
        hb_ft_font_set_load_flags(font, FontFace.loadFlags)
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

    /// Sets the em size in pixels (26.6 precision) for both FreeType and HarfBuzz.
    func setSize(_ pixels: Double) throws(MediaError) {
        if pixels == currentSize { return }
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
        guard error == 0 else {
            throw MediaError(.unsupported, file: key.file, operation: "sizing font to \(pixels) px", reason: freeTypeMessage(error))
        }
        hb_ft_font_changed(shapingFont)
        currentSize = pixels
    }

    /// True when the face maps the character to a glyph.
    func covers(_ scalar: UInt32) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar)) != 0
    }

    /// Ascender and descender (both positive) as fractions of the em, from the font's own units.
    var verticalMetrics: (ascent: Double, descent: Double) {
        let upem = Double(face.pointee.units_per_EM)
        guard upem > 0 else { return (0.8, 0.2) }
        var ascent = Double(face.pointee.ascender) / upem
        var descent = -Double(face.pointee.descender) / upem
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
    case 0x06: return "invalid argument"
    case 0x10...0x1F: return "invalid glyph"
    case 0x40: return "out of memory"
    case 0x51...0x5F: return "broken font tables"
    default: return "FreeType error \(error)"
    }
}
