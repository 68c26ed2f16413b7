import MediaIO

extension FilterKernel {
    /// `sepia`: `strength` (0...1, default 1) of mix towards brown old-photo tones (the classic sepia
    /// matrix, scaled so that white stays within range: gray `g` becomes `(g, 0.89 g, 0.69 g)`).
    package static let sepia = FilterKernel("sepia", reads: ["strength"]) { picture, value in
        let s = Float(value("strength"))
        guard s != 0 else { return }
        RGBBlockKernel.apply(ColorLooks.sepia.strength(s), to: picture)
    }
}
