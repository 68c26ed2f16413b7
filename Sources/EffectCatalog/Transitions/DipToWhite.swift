/// The `dipToWhite` transition's descriptor: fades to white, then from white to the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `dipToWhite`.
    package static let dipToWhite = CatalogEntry("dipToWhite", .transition, "fades to white, then from white to the next picture")
}
