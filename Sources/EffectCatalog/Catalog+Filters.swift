/// The filters: changes of look applied to one slot, one layer, or the whole video (the grade).
///
/// Each filter is described once, in a file of its own under `Filters/` (an extension of
/// `FilterCatalog`); this list only orders them, as `reel catalog`, the schema and the
/// documentation show them.
extension Catalog {
    /// Every filter, in the order `reel catalog`, the schema and the documentation list them; ids must stay unique.
    package static let filters: [CatalogEntry] = {
        typealias F = FilterCatalog
        return [
            F.brightness, F.contrast, F.saturation, F.temperature, F.grayscale, F.sepia, F.vignette, F.blur,
            F.sharpen, F.filmFade, F.grain, F.lut,
        ]
    }()
}

/// The namespace of the filter descriptors, one file each under `Catalog/Filters/`.
package enum FilterCatalog {}
