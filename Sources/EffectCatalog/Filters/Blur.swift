/// The `blur` filter's descriptor: softens the picture (Gaussian).
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Takes `radius`, defaulted as listed (a template may leave it out); kernel id `blur`.
    package static let blur = CatalogEntry(
        "blur", .filter, "softens the picture (Gaussian)",
        parameters: [.number("radius", 0...0.1, default: 0.01, "blur radius as a fraction of the picture's shorter side")])
}
