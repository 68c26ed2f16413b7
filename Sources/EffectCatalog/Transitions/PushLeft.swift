/// The `pushLeft` transition's descriptor: both pictures move left; the next enters from the right.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let pushLeft = CatalogEntry("pushLeft", .transition, "both pictures move left; the next enters from the right")
}
