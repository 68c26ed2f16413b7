import MediaIO

extension FilterKernel {
    /// `filmFade`: faded film at `strength` (0...1, default 0.5): lifted blacks, softer contrast,
    /// less saturation and a slight warm cast.
    package static let filmFade = FilterKernel("filmFade", reads: ["strength"]) { picture, value in
        let s = Float(value("strength"))
        guard s != 0 else { return }
        RGBBlockKernel.apply(ColorLooks.filmFade(s), to: picture)
    }
}
