/// The `dipToBlack` transition's descriptor: fades to black, then from black to the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `dipToBlack`.
    package static let dipToBlack = CatalogEntry("dipToBlack", .transition, "fades to black, then from black to the next picture")
}
