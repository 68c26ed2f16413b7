import EffectCatalog
import FileAccess
import MediaIO
import MediaTime
import TemplateFormat

/// Checks a template's asset files with the media libraries: music must decode and carry sound,
/// overlays and masks must be PNGs, fonts must be TrueType or OpenType files; and finds the beats
/// of music whose template gives none.
///
/// TemplateCore cannot see FFmpeg or libpng, so the template loader asks this through its
/// `AssetInspector` protocol; the CLI passes one to `validate`, `make` and `resolve`.
package struct TemplateAssetInspector: AssetInspector {
    /// Stateless: every call opens the file it is asked about.
    package init() {}

    /// Decodes the file as `kind` needs it, so a template names no file the render would fail on.
    package func problem(with path: String, as kind: AssetKind) -> String? {
        switch kind {
        case .audio:
            do {
                let info = try MediaProbe.probe(path)
                return info.hasAudio ? nil : "it has no audio stream"
            } catch {
                return error.reason
            }
        case .image:
            do {
                _ = try PNGFile.read(path)
                return nil
            } catch {
                return error.reason
            }
        case .font:
            return Self.fontProblem(path)
        case .lut, .captions:
            // Parsed by the template loader itself (CubeLUT, CaptionParser).
            return nil
        }
    }

    /// The probed duration; nil when the file cannot be probed.
    package func audioDuration(of path: String) -> RationalTime? {
        (try? MediaProbe.probe(path))?.duration
    }

    /// The beats `reel beats` finds, from the analysis cache; nil for music without a beat.
    package func beats(of path: String) -> FoundBeats? {
        guard let analysis = try? AnalysisCache.standard.beats(of: path), let tempo = analysis.tempo, analysis.beats.count >= 2 else {
            return nil
        }
        return FoundBeats(times: analysis.beatTimes, tempo: tempo)
    }

    /// Decodes the PNG and compares the channels of every pixel: masks saved as RGB count too.
    package func isGrayscalePicture(_ path: String) -> Bool? {
        guard let image = try? PNGFile.read(path) else { return nil }
        var i = 0
        let pixels = image.pixels
        while i + 2 < pixels.count {
            if pixels[i] != pixels[i + 1] || pixels[i] != pixels[i + 2] { return false }
            i += 4
        }
        return true
    }

    /// Asks fontconfig, as the renderer will when it draws the text.
    package func substituteFamily(for family: String) -> String? {
        TextRasterizer.substituteFamily(for: family)
    }

    /// With the fonts the renderer would use (a rasterizer of its own: this is called from any
    /// thread); a font that cannot be loaded is reported as an asset problem, not here.
    package func undrawableCharacters(in text: String, font: FontSpec) -> [Unicode.Scalar] {
        Self.undrawable(text, font: font)
    }

    /// The characters of `text` no installed font can draw in `font`; none when the fonts
    /// cannot be loaded at all (that failure is reported where the font is).
    package static func undrawable(_ text: String, font: FontSpec) -> [Unicode.Scalar] {
        let style: TextLook
        switch font {
        case .family(let family): style = TextLook(fontFamily: family, size: 16)
        case .file(let file): style = TextLook(fontFile: file, size: 16)
        }
        do {
            return try TextRasterizer().undrawableCharacters(in: text, style: style)
        } catch {
            return []
        }
    }

    /// A font file must start as TrueType (`00 01 00 00` or `true`), OpenType with CFF outlines
    /// (`OTTO`) or a collection (`ttcf`) does, and load in FreeType as the face the renderer draws
    /// with: the very check a timeline's fonts get (L044), so a truncated font or a collection that
    /// is only a header is refused here, not halfway through a render.
    static func fontProblem(_ path: String) -> String? {
        let magic: [UInt8]
        do { magic = try ReadableFile(path: path, operation: "reading the font").prefix(4) } catch { return error.reason }
        let known: [[UInt8]] = [[0, 1, 0, 0], Array("OTTO".utf8), Array("true".utf8), Array("ttcf".utf8)]
        guard known.contains(magic) else { return "not a TrueType or OpenType font (its first bytes are not a font signature)" }
        return TextRasterizer.canLoadFont(file: path).map { "it does not load as a font: \($0)" }
    }
}
