/// The `sharpen` filter's descriptor: crisps edges (unsharp mask).
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `amount`, defaulted as listed (a template may leave it out); kernel id `sharpen`.
    package static let sharpen = CatalogEntry(
        "sharpen", .filter, "crisps edges (unsharp mask)",
        parameters: [.number("amount", 0...2, default: 0.5, "0 unchanged, 2 strongest")])
}
