/// The `pushDown` transition's descriptor: both pictures move down; the next enters from above.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `pushDown`.
    package static let pushDown = CatalogEntry("pushDown", .transition, "both pictures move down; the next enters from above")
}
