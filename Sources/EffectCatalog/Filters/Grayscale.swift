/// The `grayscale` filter's descriptor: removes colour.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `strength`, defaulted as listed (a template may leave it out); kernel id `grayscale`.
    package static let grayscale = CatalogEntry(
        "grayscale", .filter, "removes colour",
        parameters: [.number("strength", 0...1, default: 1, "0 unchanged, 1 fully gray")])
}
