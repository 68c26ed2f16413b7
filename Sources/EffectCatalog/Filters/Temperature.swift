/// The `temperature` filter's descriptor: warms or cools the colours.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    package static let temperature = CatalogEntry(
        "temperature", .filter, "warms or cools the colours",
        parameters: [.number("amount", -1...1, default: 0, "negative cooler (bluer), positive warmer (oranger)")])
}
