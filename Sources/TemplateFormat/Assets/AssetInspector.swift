import EffectCatalog
import MediaTime

/// Checks that asset files are readable as what the template uses them for.
///
/// TemplateCore cannot decode audio, PNGs or fonts (that needs FFmpeg, libpng, FreeType), so the
/// loader asks an inspector given by the caller; without one it checks paths only. LUTs are plain
/// text and are always parsed here (`CubeLUT`).
package protocol AssetInspector: Sendable {
    /// Nil when the file at `path` (absolute or relative to the working folder) is readable as
    /// `kind`; otherwise what is wrong, in a few words ("no audio stream", "not a PNG").
    func problem(with path: String, as kind: AssetKind) -> String?

    /// Exact length of the audio at `path`, when it can be told; used to warn about music shorter
    /// than the template.
    func audioDuration(of path: String) -> RationalTime?

    /// True when the picture at `path` is a PNG whose every pixel is gray (red, green and blue
    /// equal), whatever colour type it is stored in; nil when it cannot be told. Fix notes that
    /// propose a luma-wipe mask propose such pictures only.
    func isGrayscalePicture(_ path: String) -> Bool?

    /// The installed family drawn in place of `family` when no installed font has it; nil when
    /// one has, or when it cannot be told.
    func substituteFamily(for family: String) -> String?

    /// The characters of `text` that no installed font can draw when it is set in `font` (a
    /// family, or a font file at a path as for `problem(with:as:)`), each once, in order.
    func undrawableCharacters(in text: String, font: FontSpec) -> [Unicode.Scalar]

    /// The beats found in the music at `path` (music times from the file's start), for music whose
    /// template gives no tempo or beats; nil when none can be found (silence, no steady beat, no
    /// way to analyse it).
    func beats(of path: String) -> FoundBeats?
}

/// Beats an analysis of the music found: at least two, increasing, with their tempo.
package struct FoundBeats: Sendable, Hashable {
    /// Music times from the file's start, increasing, at least two: the grid beat-counted times are counted on.
    package var times: [RationalTime]
    /// Beats per minute, for people.
    package var tempo: Double

    /// `times` must hold at least two beats, increasing; the analysis returns nil rather than fewer.
    package init(times: [RationalTime], tempo: Double) {
        self.times = times
        self.tempo = tempo
    }
}

extension AssetInspector {
    /// Without a way to decode pictures, only the PNG header's colour type tells (`AssetRole`).
    package func isGrayscalePicture(_ path: String) -> Bool? { nil }

    /// Without fontconfig, no family can be looked up.
    package func substituteFamily(for family: String) -> String? { nil }

    /// Without the fonts' character maps, no character can be told missing.
    package func undrawableCharacters(in text: String, font: FontSpec) -> [Unicode.Scalar] { [] }

    /// Without a way to analyse sound, a template's beats are the ones it writes.
    package func beats(of path: String) -> FoundBeats? { nil }
}
