import MediaIO

extension FilterKernel {
    /// `brightness`: `amount` (-1...1, default 0) added to every R'G'B' level; -1 black, 1 white.
    package static let brightness = FilterKernel("brightness", reads: ["amount"]) { picture, value in
        let amount = Float(value("amount"))
        guard amount != 0 else { return }
        RGBBlockKernel.apply(ColorMatrix.gains(1, 1, 1, offset: amount), to: picture)
    }
}
