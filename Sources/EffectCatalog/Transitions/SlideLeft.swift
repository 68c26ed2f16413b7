/// The `slideLeft` transition's descriptor: the next picture slides in from the right over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `slideLeft`.
    package static let slideLeft = CatalogEntry("slideLeft", .transition, "the next picture slides in from the right over the still current one")
}
