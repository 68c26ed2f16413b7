/// The `pushDown` transition's descriptor: both pictures move down; the next enters from above.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let pushDown = CatalogEntry("pushDown", .transition, "both pictures move down; the next enters from above")
}
