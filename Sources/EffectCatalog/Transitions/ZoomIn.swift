/// The `zoomIn` transition's descriptor: the current picture zooms in and fades into the next.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let zoomIn = CatalogEntry("zoomIn", .transition, "the current picture zooms in and fades into the next")
}
