/// The `pushRight` transition's descriptor: both pictures move right; the next enters from the left.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `pushRight`.
    package static let pushRight = CatalogEntry("pushRight", .transition, "both pictures move right; the next enters from the left")
}
