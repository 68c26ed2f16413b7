import MediaIO

extension FilterKernel {
    /// `vignette`: `strength` (0...1, default 0.5) is how dark the corners get; `radius` (0.1...2,
    /// default 0.8) is where the darkening starts, as a fraction of the half-diagonal; it reaches
    /// `strength` at the corners (or 0.2 of the half-diagonal further out when `radius` is above 0.8).
    package static let vignette = FilterKernel("vignette", reads: ["strength", "radius"]) { picture, value in
        Vignette.apply(strength: value("strength"), radius: value("radius"), to: picture)
    }
}
