/// The `crossfade` transition's descriptor: the current picture fades into the next.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let crossfade = CatalogEntry("crossfade", .transition, "the current picture fades into the next")
}
