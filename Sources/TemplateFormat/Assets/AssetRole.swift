import EffectCatalog
import Foundation

/// What a template uses a file for: finer than its `AssetKind`, because a luma-wipe mask and a
/// sticker are both PNGs, yet a fix note that proposes a mask must propose a grayscale picture,
/// never the folder's sticker.
package enum AssetRole: Sendable, Hashable, CaseIterable {
    /// The soundtrack.
    case music
    /// A sound effect.
    case sound
    /// An overlay or sticker of an image layer.
    case picture
    /// The grayscale picture that decides where a `lumaWipe` switches first.
    case mask
    /// A `.cube` colour look.
    case lut
    /// A font file of a text layer.
    case font
    /// The caption file of a captions layer.
    case captions

    /// How the file is checked.
    package var kind: AssetKind {
        switch self {
        case .music, .sound: .audio
        case .picture, .mask: .image
        case .lut: .lut
        case .font: .font
        case .captions: .captions
        }
    }

    /// A path a template would write for it, for examples in notes.
    package var example: String {
        switch self {
        case .music: "music/track.m4a"
        case .sound: "sfx/whoosh.wav"
        case .picture: "overlays/sticker.png"
        case .mask: "masks/wipe.png"
        case .lut: "looks/warm.cube"
        case .font: "fonts/Title.ttf"
        case .captions: "captions/talk.srt"
        }
    }

    /// "a grayscale PNG", "an audio file": what a fix note asks for.
    package var description: String {
        switch self {
        case .music, .sound: "an audio file"
        case .picture: "a PNG"
        case .mask: "a grayscale PNG"
        case .lut: "a .cube file"
        case .font: "a font file"
        case .captions: "an SRT, WebVTT or JSON words file"
        }
    }

    /// Lowercased name endings of files of this kind.
    var extensions: [String] {
        switch kind {
        case .audio: [".m4a", ".aac", ".mp3", ".wav", ".flac", ".ogg", ".oga", ".opus"]
        case .image: [".png"]
        case .lut: [".cube"]
        case .font: [".ttf", ".otf", ".ttc"]
        case .captions: [".srt", ".vtt", ".json"]
        }
    }

    /// True when `relative` is named as a file of this kind.
    package func names(_ relative: String) -> Bool {
        let lower = relative.lowercased()
        return extensions.contains { lower.hasSuffix($0) }
    }

    /// The files of `folder` (relative paths) that could serve: named as this kind and, for a
    /// mask, grayscale (its PNG header says so, or the inspector finds every pixel gray).
    package func candidates(in folder: String, inspector: (any AssetInspector)?) -> [String] {
        AssetPath.files(in: folder).filter { relative in
            guard names(relative) else { return false }
            guard self == .mask else { return true }
            let full = AssetPath.join(folder, relative)
            return PNGHeader.isGrayscale(full) || inspector?.isGrayscalePicture(full) == true
        }
    }
}

/// The colour type in a PNG's header: enough to tell a grayscale picture without decoding it.
package enum PNGHeader {
    /// The eight bytes every PNG file begins with; a file without them is not read as a PNG.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when the file is a PNG of colour type 0 (gray) or 4 (gray with alpha).
    static func isGrayscale(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let bytes = [UInt8](handle.readData(ofLength: 26))
        // Signature, then the IHDR chunk: length (4), type (4), width (4), height (4), bit depth, colour type.
        guard bytes.count == 26, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return false }
        return bytes[25] == 0 || bytes[25] == 4
    }
}
