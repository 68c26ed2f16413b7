/// The blend modes: how a layer's colour meets the picture under it, as the W3C Compositing and
/// Blending Level 1 separable modes define them (`Cb` the colour under the layer, `Cs` the
/// layer's, each channel of gamma-encoded R'G'B' in 0...1). The mode gives the colour; the layer's
/// alpha and opacity then lay it over the picture as `normal` does. Drawn by the blend kernel
/// registered under the same id in PixelKernels; `normal` is the plain draw.
extension Catalog {
    /// Every blend mode, in the order `reel catalog`, the schema and the documentation list them; ids must stay unique.
    package static let blends: [CatalogEntry] = [
        CatalogEntry("normal", .blend, "the layer's own colour: `Cs`"),
        CatalogEntry("multiply", .blend, "darkens: `Cb × Cs`; white leaves the picture as it is, black makes black"),
        CatalogEntry("screen", .blend, "lightens: `Cb + Cs − Cb × Cs`; black leaves the picture as it is, white makes white"),
        CatalogEntry(
            "overlay", .blend,
            "raises the contrast of the picture: multiply where it is dark, screen where it is light (`hardLight` with the two swapped)"),
        CatalogEntry("softLight", .blend, "a gentle `overlay`: darkens or lightens the picture as the layer is darker or lighter than mid grey"),
        CatalogEntry("hardLight", .blend, "multiply where the layer is dark (`Cs ≤ 0.5`: `2 Cb Cs`), screen where it is light"),
        CatalogEntry("add", .blend, "linear dodge: `min(1, Cb + Cs)`, light adds up and clips to white"),
        CatalogEntry("darken", .blend, "the darker of the two, channel by channel: `min(Cb, Cs)`"),
        CatalogEntry("lighten", .blend, "the lighter of the two, channel by channel: `max(Cb, Cs)`"),
        CatalogEntry("difference", .blend, "the absolute difference `abs(Cb − Cs)`: black leaves the picture as it is, white inverts it"),
        CatalogEntry("colorDodge", .blend, "brightens the picture towards the layer: `min(1, Cb / (1 − Cs))`"),
        CatalogEntry("colorBurn", .blend, "darkens the picture towards the layer: `1 − min(1, (1 − Cb) / Cs)`"),
    ]
}
