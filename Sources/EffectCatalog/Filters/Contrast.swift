/// The `contrast` filter's descriptor: spreads or narrows the levels around the middle gray.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `amount`, defaulted as listed (a template may leave it out); kernel id `contrast`.
    package static let contrast = CatalogEntry(
        "contrast", .filter, "spreads or narrows the levels around the middle gray",
        parameters: [.number("amount", 0...4, default: 1, "0 flat gray, 1 unchanged, above 1 stronger")])
}
