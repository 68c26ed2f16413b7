/// The `wipeDown` transition's descriptor: a straight edge moving downward uncovers the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes `softness` (`Catalog.featheredEdge`) besides every transition's `duration` and `easing`; kernel id `wipeDown`.
    package static let wipeDown = CatalogEntry(
        "wipeDown", .transition, "a straight edge moving downward uncovers the next picture",
        parameters: [Catalog.featheredEdge])
}
