/// The `saturation` filter's descriptor: makes colours stronger or weaker.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `amount`, defaulted as listed (a template may leave it out); kernel id `saturation`.
    package static let saturation = CatalogEntry(
        "saturation", .filter, "makes colours stronger or weaker",
        parameters: [.number("amount", 0...4, default: 1, "0 gray, 1 unchanged, above 1 more vivid")])
}
