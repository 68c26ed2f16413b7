/// The `pushLeft` transition's descriptor: both pictures move left; the next enters from the right.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `pushLeft`.
    package static let pushLeft = CatalogEntry("pushLeft", .transition, "both pictures move left; the next enters from the right")
}
