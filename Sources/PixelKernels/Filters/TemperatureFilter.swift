import MediaIO

extension FilterKernel {
    /// `temperature`: `amount` (-1...1, default 0) negative cooler (more blue, less red), positive warmer.
    package static let temperature = FilterKernel("temperature", reads: ["amount"]) { picture, value in
        let t = Float(value("amount"))
        guard t != 0 else { return }
        RGBBlockKernel.apply(ColorLooks.temperature(t), to: picture)
    }
}
