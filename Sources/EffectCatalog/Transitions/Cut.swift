/// The `cut` transition's descriptor: no transition: the next picture replaces the current one at the cut.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let cut = CatalogEntry("cut", .transition, "no transition: the next picture replaces the current one at the cut")
}
