/// The keys: what makes part of a media layer's picture transparent, so the picture under it
/// shows through (a green screen). Drawn by the key kernel of the same id in PixelKernels.
extension Catalog {
    /// Every key, in the order `reel catalog`, the schema and the documentation list them; ids must stay unique.
    package static let keys: [CatalogEntry] = [
        CatalogEntry(
            "chroma", .key,
            "makes the pixels near a colour transparent, as ffmpeg's `chromakey` measures nearness (the distance in Cb and Cr), and takes that colour's spill off the rest, as `despill` does",
            parameters: [
                .color("color", default: "#00ff00", "the screen's colour, `#rrggbb`: pick it from the footage for the cleanest key"),
                .number(
                    "similarity", 0.01...1, default: 0.25, animatable: false,
                    "chroma distance from `color` within which pixels are transparent (ffmpeg's `similarity`); neutral greys lie 0.37 from pure green"
                ),
                .number(
                    "smoothness", 0...1, default: 0.08, animatable: false,
                    "width of the soft edge beyond `similarity`, where pixels fade from transparent to opaque (ffmpeg's `blend`); 0 cuts hard"),
                .number(
                    "spill", 0...1, default: 1, animatable: false,
                    "how much of the key colour's excess is taken off what stays (`despill`): 0 none, 1 the key's channel held to the mean of the other two"
                ),
            ])
    ]
}
