/// The `zoomIn` transition's descriptor: the current picture zooms in and fades into the next.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `zoomIn`.
    package static let zoomIn = CatalogEntry("zoomIn", .transition, "the current picture zooms in and fades into the next")
}
