import Foundation

@testable import DocumentJSON
@testable import TemplateFormat

/// A valid template that uses every part of the format, with its assets: the base of the rule
/// fixtures for layers, effects, beats and assets. Each test changes one thing in it.
enum RichFixture {
    static let json = """
        {
          "format": 1,
          "name": "City Beats",
          "description": "Four beat-cut shots, a split screen, a sticker and a title.",
          "author": "Reel",
          "license": "CC0-1.0",
          "tags": ["travel", "beat"],
          "cover": 1.5,
          "canvas": { "preset": "9:16", "frameRate": "30000/1001", "background": "#101010" },
          "music": { "file": "music/track.m4a", "volume": 0.9, "fadeOut": 1, "tempo": 120, "firstBeat": 0 },
          "slots": [
            { "id": "opening", "accepts": "video", "duration": "4 beats", "fit": "blurredFill", "motion": "zoomIn",
              "transition": { "kind": "crossfade", "duration": 0.5, "easing": "easeInOut" } },
            { "id": "wipe", "duration": "2 beats", "speed": 0.5, "whenShorter": "freeze", "whenLonger": "middle",
              "filters": [{ "kind": "vignette", "strength": 0.6 }, "grayscale"],
              "transition": { "kind": "lumaWipe", "duration": "12f", "mask": "masks/wipe.png", "softness": 0.2 } },
            { "id": "moves", "duration": 2, "reverse": true, "orientation": "portrait",
              "motion": { "keyframes": [{ "at": 0, "scale": 1 }, { "at": 1, "scale": 1.3, "x": 0.1, "rotation": 5, "easing": "easeOut" }] },
              "filters": [{ "kind": "brightness", "amount": [{ "at": 0, "value": 0 }, { "at": 1, "value": 0.2 }] }] },
            { "id": "closing", "accepts": "image", "duration": "1001/500s", "volume": 1 }
          ],
          "layers": [
            { "id": "left", "kind": "media", "start": 2, "duration": 2, "rect": { "x": 0, "y": 0, "width": 0.5, "height": 1 } },
            { "id": "right", "kind": "media", "start": "60f", "duration": 2, "accepts": "image",
              "rect": { "x": 0.5, "y": 0, "width": 0.5, "height": 1 }, "fit": "contain" },
            { "id": "sticker", "kind": "image", "file": "overlays/logo.png", "x": 0.9, "y": 0.1, "anchor": "topRight",
              "width": 0.2, "opacity": 0.8, "in": "pop", "out": { "kind": "fade", "duration": 0.3 } },
            { "id": "title", "kind": "text", "key": "title", "text": "Lisbon 2026", "font": "fonts/Title.ttf", "size": 96,
              "minSize": 48, "color": "#ffffff", "stroke": { "color": "#000000", "width": 3 },
              "shadow": { "color": "#00000080", "y": 4, "blur": 8 }, "box": { "color": "#00000066", "padding": 20 },
              "align": "center", "y": 0.8, "maxWidth": 0.8, "maxLines": 2, "duration": 3, "in": "slideUp", "out": "fade" }
          ],
          "grade": [{ "kind": "lut", "file": "looks/warm.cube", "strength": 0.7 }]
        }
        """

    /// A 2-point identity LUT.
    static let cube = """
        # identity
        TITLE "warm"
        LUT_3D_SIZE 2
        DOMAIN_MIN 0 0 0
        DOMAIN_MAX 1 1 1
        0 0 0
        1 0 0
        0 1 0
        1 1 0
        0 0 1
        1 0 1
        0 1 1
        1 1 1

        """

    static let files: [String: String] = [
        "music/track.m4a": "audio", "masks/wipe.png": "png", "overlays/logo.png": "png", "looks/warm.cube": cube,
        "fonts/Title.ttf": "font", "LICENSE.md": "CC0",
    ]

    static func fixture(
        replacing original: String? = nil, with replacement: String = "",
        files: [String: String] = RichFixture.files
    ) throws -> TemplateFixture {
        guard let original else { return try TemplateFixture(json: json, files: files) }
        precondition(json.contains(original), "fixture text not found: \(original)")
        return try TemplateFixture(json: json.replacingOccurrences(of: original, with: replacement), files: files)
    }

    /// Findings of the rich template with one change, optionally with an inspector.
    static func findings(replacing original: String, with replacement: String, inspector: (any AssetInspector)? = nil) throws -> [Diagnostic] {
        let fixture = try fixture(replacing: original, with: replacement)
        defer { fixture.remove() }
        return try TemplateLoader.load(folder: fixture.folder, inspector: inspector).diagnostics
    }
}
