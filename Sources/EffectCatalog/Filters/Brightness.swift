/// The `brightness` filter's descriptor: makes the picture lighter or darker.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `amount`, defaulted as listed (a template may leave it out); kernel id `brightness`.
    package static let brightness = CatalogEntry(
        "brightness", .filter, "makes the picture lighter or darker",
        parameters: [.number("amount", -1...1, default: 0, "added to every level: -1 black, 0 unchanged, 1 white")])
}
