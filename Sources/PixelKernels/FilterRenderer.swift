import MediaIO

/// Applies filters to pictures in place.
public enum FilterRenderer {
    /// Applies a filter in place. `parameters` holds values by name; missing names take the defaults.
    /// `frame` seeds grain. Values outside a parameter's range are clamped to it; parameters that
    /// leave the picture unchanged (brightness 0, strength 0, ...) return without touching it.
    public static func apply(
        _ kind: FilterKind, parameters: [String: Double], to picture: Picture,
        lut: LUT3D? = nil, frame: Int64 = 0
    ) {
        EntryChecks.picture(picture, "FilterRenderer")
        let defaults = defaultParameters(kind)
        func value(_ name: String, _ range: ClosedRange<Double>) -> Double {
            let v = parameters[name] ?? defaults[name] ?? range.lowerBound
            return v.isNaN ? (defaults[name] ?? range.lowerBound) : min(max(v, range.lowerBound), range.upperBound)
        }
        switch kind {
        case .brightness:
            let amount = Float(value("amount", -1...1))
            guard amount != 0 else { return }
            RGBBlockKernel.apply(ColorMatrix.gains(1, 1, 1, offset: amount), to: picture)
        case .contrast:
            let k = Float(value("amount", 0...4))
            guard k != 1 else { return }
            RGBBlockKernel.apply(ColorMatrix.gains(k, k, k, offset: 0.5 * (1 - k)), to: picture)
        case .saturation:
            ChromaScale.apply(factor: value("amount", 0...4), to: picture)
        case .grayscale:
            ChromaScale.apply(factor: 1 - value("strength", 0...1), to: picture)
        case .temperature:
            let t = Float(value("amount", -1...1))
            guard t != 0 else { return }
            RGBBlockKernel.apply(ColorLooks.temperature(t), to: picture)
        case .sepia:
            let s = Float(value("strength", 0...1))
            guard s != 0 else { return }
            RGBBlockKernel.apply(ColorLooks.sepia.strength(s), to: picture)
        case .filmFade:
            let s = Float(value("strength", 0...1))
            guard s != 0 else { return }
            RGBBlockKernel.apply(ColorLooks.filmFade(s), to: picture)
        case .vignette:
            Vignette.apply(strength: value("strength", 0...1), radius: value("radius", 0.1...2), to: picture)
        case .blur:
            let sigma = value("radius", 0...0.1) * Double(min(picture.width, picture.height)) / 2
            Compositor.blur(picture, radius: BoxBlur.boxRadius(sigma: sigma))
        case .sharpen:
            Sharpen.apply(amount: value("amount", 0...2), to: picture)
        case .grain:
            Grain.apply(strength: value("strength", 0...1), frame: frame, to: picture)
        case .lut:
            let s = Float(value("strength", 0...1))
            guard s != 0, let lut, let lookup = LUTLookup(lut, strength: s) else { return }
            RGBBlockKernel.apply(lookup, to: picture)
        }
    }

    /// The value each parameter takes when a template does not give it.
    public static func defaultParameters(_ kind: FilterKind) -> [String: Double] {
        switch kind {
        case .brightness, .temperature: ["amount": 0]
        case .contrast, .saturation: ["amount": 1]
        case .grayscale, .sepia, .lut: ["strength": 1]
        case .vignette: ["strength": 0.5, "radius": 0.8]
        case .blur: ["radius": 0.01]
        case .sharpen: ["amount": 0.5]
        case .filmFade: ["strength": 0.5]
        case .grain: ["strength": 0.3]
        }
    }
}
