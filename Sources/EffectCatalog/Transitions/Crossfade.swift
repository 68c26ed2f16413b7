/// The `crossfade` transition's descriptor: the current picture fades into the next.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes only every transition's `duration` and `easing`; PixelKernels draws it under the id `crossfade`.
    package static let crossfade = CatalogEntry("crossfade", .transition, "the current picture fades into the next")
}
