import CText

/// Font lookup through fontconfig: a family pattern to a file, and fallback fonts for characters.
enum FontLookup {
    /// The family used when a style names none.
    static let defaultFamily = "sans-serif"

    /// Loads the system configuration once; fontconfig is safe to use from several threads after it.
    private static let initialized: Bool = FcInit() == FcTrue

    /// The best installed face for a fontconfig pattern such as "DejaVu Sans:bold".
    ///
    /// fontconfig always answers with its closest match, so an unknown family gives the system's
    /// default face rather than nil; nil means fontconfig has no scalable font at all.
    static func match(_ family: String) -> FontFaceKey? {
        guard initialized, let pattern = preparedPattern(family) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return faceKey(font)
    }

    /// A parsed pattern with the configuration's and the default substitutions applied.
    static func preparedPattern(_ family: String) -> OpaquePointer? {
        let name = family.isEmpty ? defaultFamily : family
        guard let pattern = name.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }) else {
            return nil
        }
        _ = FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// The file and face index a font pattern names.
    static func faceKey(_ font: OpaquePointer) -> FontFaceKey? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        return FontFaceKey(file: path, index: Int(index))
    }
}

/// The fonts fontconfig would use, best first, for one family pattern: where the fallback for a
/// character the chosen face lacks is looked up (the first of them that has the character).
final class FallbackFonts {
    private let fonts: UnsafeMutablePointer<FcFontSet>?
    private var chosen: [UInt32: FontFaceKey?] = [:]

    init(family: String) {
        var result = FcResultNoMatch
        if let pattern = FontLookup.preparedPattern(family) {
            fonts = FcFontSort(nil, pattern, FcTrue, nil, &result)
            FcPatternDestroy(pattern)
        } else {
            fonts = nil
        }
    }

    deinit {
        if let fonts { FcFontSetDestroy(fonts) }
    }

    /// The first scalable font in the sorted list whose character set has `scalar`.
    func font(for scalar: UInt32) -> FontFaceKey? {
        if let known = chosen[scalar] { return known }
        let found = search(scalar)
        chosen[scalar] = found
        return found
    }

    private func search(_ scalar: UInt32) -> FontFaceKey? {
        guard let fonts, let list = fonts.pointee.fonts else { return nil }
        for i in 0..<Int(fonts.pointee.nfont) {
            guard let font = list[i] else { continue }
            var scalable: FcBool = FcFalse
            if FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) == FcResultMatch, scalable != FcTrue { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                FcCharSetHasChar(charset, scalar) == FcTrue
            else { continue }
            if let key = FontLookup.faceKey(font) { return key }
        }
        return nil
    }
}
