/// Splits a paragraph into user-perceived characters (extended grapheme clusters) and tells
/// which are to be drawn as emoji, following Unicode's emoji presentation rules (UTS #51).
///
/// A whole cluster goes to one font: a ZWJ family, a flag (two regional indicators), a skin
/// tone and its base, a keycap, are one glyph only when HarfBuzz shapes them together in the
/// emoji font; split between fonts they would show as their pieces.
enum EmojiClusters {
    /// The scalar ranges of the paragraph's grapheme clusters, in order.
    static func clusters<Scalars: Collection<Unicode.Scalar>>(_ scalars: Scalars) -> [Range<Int>] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var ranges: [Range<Int>] = []
        var start = 0
        for character in String(view) {
            let count = character.unicodeScalars.count
            ranges.append(start..<(start + count))
            start += count
        }
        return ranges
    }

    /// True when the cluster asks for emoji presentation: an emoji-presentation base, the emoji
    /// variation selector (U+FE0F), a keycap, a skin-tone modifier, a flag or a ZWJ sequence of
    /// emoji. The text variation selector (U+FE0E) asks for text, and so do characters such as
    /// ❤ or ☀ written without U+FE0F, as the standard says.
    static func isEmoji(_ cluster: some Collection<UInt32>) -> Bool {
        guard let first = cluster.first, let base = Unicode.Scalar(first) else { return false }
        if cluster.contains(0xFE0E) { return false }
        if cluster.contains(where: { $0 == 0xFE0F || $0 == 0x20E3 || (0x1F3FB...0x1F3FF).contains($0) }) { return true }
        if (0x1F1E6...0x1F1FF).contains(first) { return true }
        if base.properties.isEmojiPresentation { return true }
        return cluster.contains(0x200D) && base.properties.isEmoji && !(0x30...0x39).contains(first)
    }
}
