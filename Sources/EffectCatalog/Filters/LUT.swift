/// The `lut` filter's descriptor: colour look from a .cube 3D LUT in the template folder.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension FilterCatalog {
    /// Needs `file` (no default) and takes `strength`; the effect applier loads the .cube once; kernel id `lut`.
    package static let lut = CatalogEntry(
        "lut", .filter, "colour look from a .cube 3D LUT in the template folder",
        parameters: [
            .file("file", .lut, ".cube file (LUT_3D_SIZE 2...256) in the template folder"),
            .number("strength", 0...1, default: 1, "mix of the looked-up colour: 0 unchanged, 1 full"),
        ])
}
