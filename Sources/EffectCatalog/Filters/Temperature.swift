/// The `temperature` filter's descriptor: warms or cools the colours.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `amount`, defaulted as listed (a template may leave it out); kernel id `temperature`.
    package static let temperature = CatalogEntry(
        "temperature", .filter, "warms or cools the colours",
        parameters: [.number("amount", -1...1, default: 0, "negative cooler (bluer), positive warmer (oranger)")])
}
