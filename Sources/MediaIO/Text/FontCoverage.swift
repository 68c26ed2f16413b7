import CText

/// What the installed fonts can draw, told before rendering: whether a family is installed or
/// fontconfig puts another in its place, and which characters of a text no font has.
enum FontCoverage {
    /// Families that name a kind of font rather than a font: fontconfig maps them to what is
    /// installed, and that is no substitution.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "emoji", "cursive", "fantasy", "system-ui", "math",
    ]

    /// The family fontconfig uses for `pattern` ("Comic Sans MS:bold") when none of the installed
    /// fonts has the family it names; nil when one has, for generic families, and for no family.
    static func substitute(for pattern: String) -> String? {
        guard let requested = requestedFamily(pattern), !genericFamilies.contains(requested.lowercased()) else { return nil }
        guard let prepared = FontLookup.preparedPattern(pattern) else { return nil }
        defer { FcPatternDestroy(prepared) }
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, prepared, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var names: [String] = []
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, FC_FAMILY, Int32(names.count), &name) == FcResultMatch, let name {
            names.append(String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
        }
        // fontconfig itself compares families ignoring case and spaces.
        func folded(_ s: String) -> String { s.lowercased().filter { $0 != " " } }
        if names.contains(where: { folded($0) == folded(requested) }) { return nil }
        return names.first ?? "an unnamed font"
    }

    /// The first family a fontconfig pattern names.
    private static func requestedFamily(_ pattern: String) -> String? {
        guard !pattern.isEmpty,
            let parsed = pattern.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) })
        else { return nil }
        defer { FcPatternDestroy(parsed) }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(parsed, FC_FAMILY, 0, &family) == FcResultMatch, let family else { return nil }
        return String(cString: UnsafeRawPointer(family).assumingMemoryBound(to: CChar.self))
    }

    /// The characters of `paragraphs` that the face chosen for them lacks, each once, in order:
    /// those no installed font has, which render as the missing-glyph box. Invisible characters
    /// (controls, joiners, variation selectors) need no glyph.
    static func undrawable(_ paragraphs: [Paragraph], fonts: FontSet) -> [Unicode.Scalar] {
        var seen = Set<UInt32>()
        var missing: [Unicode.Scalar] = []
        for paragraph in paragraphs {
            for run in paragraph.runs {
                for scalar in paragraph.scalars[run.range] where !fonts.faces[run.face].covers(scalar) {
                    guard let s = Unicode.Scalar(scalar), needsGlyph(s), seen.insert(scalar).inserted else { continue }
                    missing.append(s)
                }
            }
        }
        return missing
    }

    private static func needsGlyph(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        switch p.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return false
        default: return !p.isDefaultIgnorableCodePoint && !p.isVariationSelector
        }
    }
}
