/// The `slideLeft` transition's descriptor: the next picture slides in from the right over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let slideLeft = CatalogEntry("slideLeft", .transition, "the next picture slides in from the right over the still current one")
}
