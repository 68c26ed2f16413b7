import MediaIO

extension FilterKernel {
    /// `grain`: monochrome noise on luma at `strength` (0...1, default 0.3), up to about 24 levels
    /// at 1; the same frame number always gives the same grain.
    package static let grain = FilterKernel("grain", reads: ["strength"]) { picture, value in
        Grain.apply(strength: value("strength"), frame: value.frame, to: picture)
    }
}
