/// The `pushUp` transition's descriptor: both pictures move up; the next enters from below.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let pushUp = CatalogEntry("pushUp", .transition, "both pictures move up; the next enters from below")
}
