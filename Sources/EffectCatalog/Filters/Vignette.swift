/// The `vignette` filter's descriptor: darkens the corners.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `strength` and `radius`, defaulted as listed (a template may leave them out); kernel id `vignette`.
    package static let vignette = CatalogEntry(
        "vignette", .filter, "darkens the corners",
        parameters: [
            .number("strength", 0...1, default: 0.5, "how dark the corners get"),
            .number("radius", 0.1...2, default: 0.8, "where darkening starts, as a fraction of the half-diagonal"),
        ])
}
