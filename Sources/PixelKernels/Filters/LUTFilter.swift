import MediaIO

extension FilterKernel {
    /// `lut`: mix at `strength` (0...1, default 1) between the picture and its colours looked up in
    /// a 3D LUT (trilinear interpolation). Without a LUT the picture is left unchanged.
    package static let lut = FilterKernel("lut", reads: ["strength"]) { picture, value in
        let s = Float(value("strength"))
        guard s != 0, let lut = value.lut, let lookup = LUTLookup(lut, strength: s) else { return }
        RGBBlockKernel.apply(lookup, to: picture)
    }
}
