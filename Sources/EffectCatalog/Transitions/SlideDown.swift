/// The `slideDown` transition's descriptor: the next picture slides in from above over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let slideDown = CatalogEntry("slideDown", .transition, "the next picture slides in from above over the still current one")
}
