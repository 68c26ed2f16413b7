import CText

/// The faces one rasterizer has loaded, cached by file and index, and the choice of face for each
/// character: the style's face when it has the character, else fontconfig's fallback for it.
final class FontSet {
    private let library: FreeTypeLibrary
    private(set) var faces: [FontFace] = []
    private var indexByKey: [FontFaceKey: Int] = [:]
    private var fallbacks: [String: FallbackFonts] = [:]

    init(library: FreeTypeLibrary) {
        self.library = library
    }

    /// The index of a face, loading it the first time.
    func load(_ key: FontFaceKey) throws(FileAccessError) -> Int {
        if let known = indexByKey[key] { return known }
        let face = try FontFace(key, library: library)
        faces.append(face)
        indexByKey[key] = faces.count - 1
        return faces.count - 1
    }

    /// The face a style asks for: its file, else the fontconfig match of its family.
    func primary(for style: TextLook) throws(FileAccessError) -> Int {
        if let file = style.fontFile {
            return try load(FontFaceKey(file: file, index: 0))
        }
        let family = style.fontFamily ?? FontLookup.defaultFamily
        guard let key = FontLookup.match(family) else {
            throw FileAccessError(
                .missingComponent, file: family, operation: "looking up font",
                reason: "fontconfig finds no scalable font; install fonts-dejavu-core (scripts/setup)")
        }
        return try load(key)
    }

    /// The face for each character of a paragraph, whose grapheme clusters are `clusters`.
    ///
    /// A cluster drawn as an emoji goes whole to a colour face: the primary when it is one and has
    /// the base character, else fontconfig's first match for "emoji" (Noto Color Emoji). Otherwise
    /// marks and joiners stay with the face of their base so that they shape together; spaces and
    /// punctuation stay with the face before them when it has them (unless that is the emoji
    /// font), so a Chinese sentence's commas come from the Chinese font; everything else uses the
    /// primary face when it has the character.
    func choose(_ scalars: [UInt32], clusters: [Range<Int>], scripts: [hb_script_t], primary: Int, family: String) -> [Int] {
        var chosen = [Int]()
        chosen.reserveCapacity(scalars.count)
        for cluster in clusters {
            if EmojiClusters.isEmoji(scalars[cluster]), let face = emojiFace(for: scalars[cluster.lowerBound], primary: primary) {
                chosen += repeatElement(face, count: cluster.count)
                continue
            }
            for i in cluster {
                let scalar = scalars[i]
                let previous = chosen.last
                if let previous, scripts[i] == HB_SCRIPT_INHERITED || isDefaultIgnorable(scalar) {
                    chosen.append(previous)
                } else if let previous, scripts[i] == HB_SCRIPT_COMMON, previous == primary || !faces[previous].hasColor,
                    faces[previous].covers(scalar)
                {
                    chosen.append(previous)
                } else if faces[primary].covers(scalar) || isDefaultIgnorable(scalar) {
                    chosen.append(primary)
                } else {
                    chosen.append(fallback(for: scalar, family: family) ?? primary)
                }
            }
        }
        return chosen
    }

    /// The generic family fontconfig maps to the system's emoji font.
    static let emojiFamily = "emoji"

    /// The colour face for an emoji whose first character is `base`; nil when none has it.
    private func emojiFace(for base: UInt32, primary: Int) -> Int? {
        if faces[primary].hasColor, faces[primary].covers(base) { return primary }
        guard let face = fallback(for: base, family: FontSet.emojiFamily), faces[face].hasColor else { return nil }
        return face
    }

    private func fallback(for scalar: UInt32, family: String) -> Int? {
        let list: FallbackFonts
        if let known = fallbacks[family] {
            list = known
        } else {
            list = FallbackFonts(family: family)
            fallbacks[family] = list
        }
        guard let key = list.font(for: scalar) else { return nil }
        // A fallback that FreeType cannot load is skipped: the character shows the primary's box.
        return try? load(key)
    }

    /// Joiners, variation selectors and other invisible format characters that HarfBuzz hides.
    private func isDefaultIgnorable(_ s: UInt32) -> Bool {
        (0x200B...0x200F).contains(s) || (0x202A...0x202E).contains(s) || (0x2060...0x206F).contains(s)
            || (0xFE00...0xFE0F).contains(s) || s == 0xFEFF || s == 0xAD || (0xE0100...0xE01EF).contains(s)
    }
}
