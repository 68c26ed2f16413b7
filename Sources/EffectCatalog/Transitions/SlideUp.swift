/// The `slideUp` transition's descriptor: the next picture slides in from below over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let slideUp = CatalogEntry("slideUp", .transition, "the next picture slides in from below over the still current one")
}
