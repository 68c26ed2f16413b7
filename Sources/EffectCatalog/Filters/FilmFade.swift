/// The `filmFade` filter's descriptor: lifted blacks and softened colours of faded film.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `strength`, defaulted as listed (a template may leave it out); kernel id `filmFade`.
    package static let filmFade = CatalogEntry(
        "filmFade", .filter, "lifted blacks and softened colours of faded film",
        parameters: [.number("strength", 0...1, default: 0.5, "0 unchanged, 1 strongest")])
}
