/// The `wipeLeft` transition's descriptor: a straight edge moving leftward uncovers the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes `softness` (`Catalog.featheredEdge`) besides every transition's `duration` and `easing`; kernel id `wipeLeft`.
    package static let wipeLeft = CatalogEntry(
        "wipeLeft", .transition, "a straight edge moving leftward uncovers the next picture",
        parameters: [Catalog.featheredEdge])
}
