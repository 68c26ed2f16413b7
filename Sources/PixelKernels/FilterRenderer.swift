import MediaIO

/// Applies filters to pictures in place.
package enum FilterRenderer {
    /// Applies a filter in place. `parameters` holds every parameter the kernel reads
    /// (`kernel.parameterNames`), within its range: the catalog declares ranges and defaults, and
    /// the render core completes and clamps the values from it, so the kernels repeat neither.
    /// `frame` seeds grain. Parameters that leave the picture unchanged (brightness 0,
    /// strength 0, ...) return without touching it.
    package static func apply(
        _ kernel: FilterKernel, parameters: [String: Double], to picture: Picture,
        lut: LUT3D? = nil, frame: Int64 = 0
    ) {
        EntryChecks.picture(picture, "FilterRenderer")
        kernel.apply(picture, FilterValues(kernel: kernel, parameters: parameters, lut: lut, frame: frame))
    }
}
