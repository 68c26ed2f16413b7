/// The `circleOpen` transition's descriptor: a circle growing from the centre uncovers the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes `softness` (`Catalog.featheredEdge`) besides every transition's `duration` and `easing`; kernel id `circleOpen`.
    package static let circleOpen = CatalogEntry(
        "circleOpen", .transition, "a circle growing from the centre uncovers the next picture",
        parameters: [Catalog.featheredEdge])
}
