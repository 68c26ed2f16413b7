/// What a template uses a file of its folder as; decides how the file is checked.
package enum AssetKind: String, Sendable, Hashable, CaseIterable {
    /// Music: must decode and carry sound.
    case audio
    /// Overlays, stickers and luma-wipe masks: PNG pictures (with alpha where they need it).
    case image
    /// A `.cube` 3D LUT, parsed by `CubeLUT`.
    case lut
    /// A TrueType or OpenType font file.
    case font
    /// Captions: SRT, WebVTT or a JSON words file, read by `CaptionParser` here.
    case captions
}
