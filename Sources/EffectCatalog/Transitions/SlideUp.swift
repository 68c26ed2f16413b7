/// The `slideUp` transition's descriptor: the next picture slides in from below over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `slideUp`.
    package static let slideUp = CatalogEntry("slideUp", .transition, "the next picture slides in from below over the still current one")
}
