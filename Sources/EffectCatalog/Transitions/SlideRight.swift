/// The `slideRight` transition's descriptor: the next picture slides in from the left over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `slideRight`.
    package static let slideRight = CatalogEntry("slideRight", .transition, "the next picture slides in from the left over the still current one")
}
