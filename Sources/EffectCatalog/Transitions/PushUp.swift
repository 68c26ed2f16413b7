/// The `pushUp` transition's descriptor: both pictures move up; the next enters from below.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `pushUp`.
    package static let pushUp = CatalogEntry("pushUp", .transition, "both pictures move up; the next enters from below")
}
