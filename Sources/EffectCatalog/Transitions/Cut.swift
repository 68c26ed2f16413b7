/// The `cut` transition's descriptor: no transition: the next picture replaces the current one at the cut.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes no time: the resolver places no overlap for it, and its kernel shows the next picture at once.
    package static let cut = CatalogEntry("cut", .transition, "no transition: the next picture replaces the current one at the cut")
}
