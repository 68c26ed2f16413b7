import MediaIO

/// The checks at every entry point of the kernels, made once per call.
///
/// The kernels' loops read and write rows through raw pointers, with wrapping arithmetic and no
/// bounds checks (their loops are several times faster so; see Package.swift). These checks trap
/// in every build: a picture whose planes are shorter than its size says, an image whose pixel
/// buffer is not `width × height × 4` bytes, or a size whose byte count overflows stops the
/// program instead of letting a loop read or write outside its memory.
enum EntryChecks {
    /// Stops with `message` unless `condition` holds, whatever the optimization level.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }

    /// A picture's planes hold its size: strides at least as wide as its rows.
    static func picture(_ p: Picture, _ caller: String) {
        require(
            p.width > 0 && p.height > 0 && p.lumaStride >= p.width && p.chromaStride >= p.chromaWidth
                && bytes(p.lumaStride, p.height, 1) != nil,
            "\(caller): a picture of \(p.width)x\(p.height) with strides \(p.lumaStride) and \(p.chromaStride)")
    }

    /// An RGBA image's buffer holds exactly its pixels.
    static func image(_ image: RGBAImage, _ caller: String) {
        require(
            image.width >= 0 && image.height >= 0 && bytes(image.width, image.height, 4) == image.pixels.count,
            "\(caller): an RGBA image of \(image.width)x\(image.height) with \(image.pixels.count) bytes")
    }

    /// `width × height × bytesPerPixel`, or nil when it overflows or a factor is negative.
    static func bytes(_ width: Int, _ height: Int, _ bytesPerPixel: Int) -> Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (area, o1) = width.multipliedReportingOverflow(by: height)
        let (total, o2) = area.multipliedReportingOverflow(by: bytesPerPixel)
        return o1 || o2 ? nil : total
    }
}
