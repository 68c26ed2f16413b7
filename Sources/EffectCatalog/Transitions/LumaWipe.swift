/// The `lumaWipe` transition's descriptor: a grayscale image decides where the next picture appears first (dark first).
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    /// Takes a required `mask` and `softness` besides every transition's `duration` and `easing`; kernel id `lumaWipe`.
    package static let lumaWipe = CatalogEntry(
        "lumaWipe", .transition, "a grayscale image decides where the next picture appears first (dark first)",
        parameters: [
            .file("mask", .image, "grayscale PNG in the template folder; dark pixels switch first"),
            .number("softness", 0...1, default: 0.1, animatable: false, "width of the blended edge, as a fraction of the gray range"),
        ])
}
