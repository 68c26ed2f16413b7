/// The `sepia` filter's descriptor: old-photo brown tones.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `strength`, defaulted as listed (a template may leave it out); kernel id `sepia`.
    package static let sepia = CatalogEntry(
        "sepia", .filter, "old-photo brown tones",
        parameters: [.number("strength", 0...1, default: 1, "0 unchanged, 1 fully sepia")])
}
