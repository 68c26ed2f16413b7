/// The `slideDown` transition's descriptor: the next picture slides in from above over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `slideDown`.
    package static let slideDown = CatalogEntry("slideDown", .transition, "the next picture slides in from above over the still current one")
}
