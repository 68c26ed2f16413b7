import MediaIO

extension FilterKernel {
    /// `grayscale`: `strength` (0...1, default 1) of colour removed; 1 removes all colour.
    package static let grayscale = FilterKernel("grayscale", reads: ["strength"]) { picture, value in
        ChromaScale.apply(factor: 1 - value("strength"), to: picture)
    }
}
