import MediaIO

extension FilterKernel {
    /// `contrast`: R'G'B' levels spread about the middle gray by `amount` (0...4, default 1); 0 flat gray.
    package static let contrast = FilterKernel("contrast", reads: ["amount"]) { picture, value in
        let k = Float(value("amount"))
        guard k != 1 else { return }
        RGBBlockKernel.apply(ColorMatrix.gains(k, k, k, offset: 0.5 * (1 - k)), to: picture)
    }
}
