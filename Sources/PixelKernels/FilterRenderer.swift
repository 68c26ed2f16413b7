import MediaIO

/// Applies filters to pictures in place.
package enum FilterRenderer {
    /// Applies a filter in place. `parameters` holds every parameter the kernel reads
    /// (`parameterNames`), within its range: the catalog declares ranges and defaults, and the
    /// render core completes and clamps the values from it, so the kernels repeat neither.
    /// `frame` seeds grain. Parameters that leave the picture unchanged (brightness 0,
    /// strength 0, ...) return without touching it.
    package static func apply(
        _ kind: FilterKind, parameters: [String: Double], to picture: Picture,
        lut: LUT3D? = nil, frame: Int64 = 0
    ) {
        EntryChecks.picture(picture, "FilterRenderer")
        func value(_ name: String) -> Double {
            let v = parameters[name] ?? .nan
            EntryChecks.require(
                v.isFinite, "FilterRenderer: \(kind.rawValue) needs a finite '\(name)', got \(parameters[name].map { "\($0)" } ?? "none")")
            return v
        }
        switch kind {
        case .brightness:
            let amount = Float(value("amount"))
            guard amount != 0 else { return }
            RGBBlockKernel.apply(ColorMatrix.gains(1, 1, 1, offset: amount), to: picture)
        case .contrast:
            let k = Float(value("amount"))
            guard k != 1 else { return }
            RGBBlockKernel.apply(ColorMatrix.gains(k, k, k, offset: 0.5 * (1 - k)), to: picture)
        case .saturation:
            ChromaScale.apply(factor: value("amount"), to: picture)
        case .grayscale:
            ChromaScale.apply(factor: 1 - value("strength"), to: picture)
        case .temperature:
            let t = Float(value("amount"))
            guard t != 0 else { return }
            RGBBlockKernel.apply(ColorLooks.temperature(t), to: picture)
        case .sepia:
            let s = Float(value("strength"))
            guard s != 0 else { return }
            RGBBlockKernel.apply(ColorLooks.sepia.strength(s), to: picture)
        case .filmFade:
            let s = Float(value("strength"))
            guard s != 0 else { return }
            RGBBlockKernel.apply(ColorLooks.filmFade(s), to: picture)
        case .vignette:
            Vignette.apply(strength: value("strength"), radius: value("radius"), to: picture)
        case .blur:
            let sigma = value("radius") * Double(min(picture.width, picture.height)) / 2
            Compositor.blur(picture, radius: BoxBlur.boxRadius(sigma: sigma))
        case .sharpen:
            Sharpen.apply(amount: value("amount"), to: picture)
        case .grain:
            Grain.apply(strength: value("strength"), frame: frame, to: picture)
        case .lut:
            let s = Float(value("strength"))
            guard s != 0, let lut, let lookup = LUTLookup(lut, strength: s) else { return }
            RGBBlockKernel.apply(lookup, to: picture)
        }
    }

    /// The parameters each filter's kernel reads.
    static func parameterNames(_ kind: FilterKind) -> Set<String> {
        switch kind {
        case .brightness, .temperature, .contrast, .saturation, .sharpen: ["amount"]
        case .grayscale, .sepia, .lut, .filmFade, .grain: ["strength"]
        case .vignette: ["strength", "radius"]
        case .blur: ["radius"]
        }
    }
}
