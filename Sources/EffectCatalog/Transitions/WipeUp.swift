/// The `wipeUp` transition's descriptor: a straight edge moving upward uncovers the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes `softness` (`Catalog.featheredEdge`) besides every transition's `duration` and `easing`; kernel id `wipeUp`.
    package static let wipeUp = CatalogEntry(
        "wipeUp", .transition, "a straight edge moving upward uncovers the next picture",
        parameters: [Catalog.featheredEdge])
}
