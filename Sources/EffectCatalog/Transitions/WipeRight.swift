/// The `wipeRight` transition's descriptor: a straight edge moving rightward uncovers the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes `softness` (`Catalog.featheredEdge`) besides every transition's `duration` and `easing`; kernel id `wipeRight`.
    package static let wipeRight = CatalogEntry(
        "wipeRight", .transition, "a straight edge moving rightward uncovers the next picture",
        parameters: [Catalog.featheredEdge])
}
