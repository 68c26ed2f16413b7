/// The `slideRight` transition's descriptor: the next picture slides in from the left over the still current one.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let slideRight = CatalogEntry("slideRight", .transition, "the next picture slides in from the left over the still current one")
}
