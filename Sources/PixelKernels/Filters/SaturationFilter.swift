import MediaIO

extension FilterKernel {
    /// `saturation`: chroma scaled about neutral by `amount` (0...4, default 1); 0 gray, 2 twice as vivid.
    package static let saturation = FilterKernel("saturation", reads: ["amount"]) { picture, value in
        ChromaScale.apply(factor: value("amount"), to: picture)
    }
}
