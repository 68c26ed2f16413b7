/// The `grain` filter's descriptor: film grain noise, different on every frame.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `strength`, defaulted as listed (a template may leave it out); kernel id `grain`.
    package static let grain = CatalogEntry(
        "grain", .filter, "film grain noise, different on every frame",
        parameters: [.number("strength", 0...1, default: 0.3, "0 none, 1 heavy")])
}
