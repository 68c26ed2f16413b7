/// The `dipToBlack` transition's descriptor: fades to black, then from black to the next picture.
///
/// Drawn by the kernel registered under the same id in PixelKernels.
extension TransitionCatalog {
    package static let dipToBlack = CatalogEntry("dipToBlack", .transition, "fades to black, then from black to the next picture")
}
