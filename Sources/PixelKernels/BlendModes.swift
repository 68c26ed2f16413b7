/// One separable blend mode of the W3C Compositing and Blending Level 1 specification: the colour
/// `B(Cb, Cs)` of one channel, from the backdrop's `Cb` and the layer's `Cs`, both gamma-encoded
/// R'G'B' in 0...1 (as CSS, After Effects and phone editors blend), giving 0...1.
protocol SeparableBlend: Sendable {
    static func blend(_ cb: Float, _ cs: Float) -> Float
}

/// `normal`: the layer's own colour.
enum NormalBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { cs }
}

/// `multiply`: `Cb × Cs`.
enum MultiplyBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { cb * cs }
}

/// `screen`: `Cb + Cs − Cb × Cs`.
enum ScreenBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { cb + cs - cb * cs }
}

/// `hard-light`: multiply by `2 Cs` where `Cs ≤ 0.5`, else screen with `2 Cs − 1`.
enum HardLightBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float {
        cs <= 0.5 ? MultiplyBlend.blend(cb, 2 * cs) : ScreenBlend.blend(cb, 2 * cs - 1)
    }
}

/// `overlay`: `HardLight(Cs, Cb)`, hard light with the backdrop and the layer swapped.
enum OverlayBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { HardLightBlend.blend(cs, cb) }
}

/// `soft-light`: darkens by `(1 − 2 Cs) Cb (1 − Cb)` where `Cs ≤ 0.5`, else lightens towards
/// `D(Cb)` (a polynomial up to 0.25, `√Cb` above).
enum SoftLightBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float {
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
    }
}

/// `add` (linear dodge, the spec's `plus-lighter` on colours): `min(1, Cb + Cs)`.
enum AddBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { min(1, cb + cs) }
}

/// `darken`: `min(Cb, Cs)`.
enum DarkenBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { min(cb, cs) }
}

/// `lighten`: `max(Cb, Cs)`.
enum LightenBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { max(cb, cs) }
}

/// `difference`: `|Cb − Cs|`.
enum DifferenceBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float { abs(cb - cs) }
}

/// `color-dodge`: 0 where `Cb` is 0, 1 where `Cs` is 1, else `min(1, Cb / (1 − Cs))`.
enum ColorDodgeBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float {
        if cb <= 0 { return 0 }
        if cs >= 1 { return 1 }
        return min(1, cb / (1 - cs))
    }
}

/// `color-burn`: 1 where `Cb` is 1, 0 where `Cs` is 0, else `1 − min(1, (1 − Cb) / Cs)`.
enum ColorBurnBlend: SeparableBlend {
    @inline(__always) static func blend(_ cb: Float, _ cs: Float) -> Float {
        if cb >= 1 { return 1 }
        if cs <= 0 { return 0 }
        return 1 - min(1, (1 - cb) / cs)
    }
}

/// The kernel of one catalog blend mode: its formula over rows of channel values.
///
/// Listed once in `BlendKernels.all`; the render core finds it by the catalog id, so no code
/// switches over the ids. `Compositor.blend(_:layerOverBlack:layerOverWhite:onto:)` runs it.
package struct BlendKernel: Sendable {
    /// The catalog id of the blend mode it computes.
    package let id: String
    /// Replaces each of `count` layer values `source[i]` by `B(backdrop[i], source[i])`.
    let rows: @Sendable (_ backdrop: UnsafePointer<Float>, _ source: UnsafeMutablePointer<Float>, _ count: Int) -> Void

    init<Mode: SeparableBlend>(_ id: String, _ mode: Mode.Type) {
        self.id = id
        rows = { backdrop, source, count in
            for i in 0..<count { source[i] = Mode.blend(backdrop[i], source[i]) }
        }
    }

    /// `B(cb, cs)` of one channel, for tests and single colours.
    package func callAsFunction(_ cb: Float, _ cs: Float) -> Float {
        var backdrop = cb
        var source = cs
        rows(&backdrop, &source, 1)
        return source
    }

    static let normal = BlendKernel("normal", NormalBlend.self)
    static let multiply = BlendKernel("multiply", MultiplyBlend.self)
    static let screen = BlendKernel("screen", ScreenBlend.self)
    static let overlay = BlendKernel("overlay", OverlayBlend.self)
    static let softLight = BlendKernel("softLight", SoftLightBlend.self)
    static let hardLight = BlendKernel("hardLight", HardLightBlend.self)
    static let add = BlendKernel("add", AddBlend.self)
    static let darken = BlendKernel("darken", DarkenBlend.self)
    static let lighten = BlendKernel("lighten", LightenBlend.self)
    static let difference = BlendKernel("difference", DifferenceBlend.self)
    static let colorDodge = BlendKernel("colorDodge", ColorDodgeBlend.self)
    static let colorBurn = BlendKernel("colorBurn", ColorBurnBlend.self)
}

/// Every blend kernel, found by the catalog id it computes.
package enum BlendKernels {
    /// Every kernel, in catalog order; a render-core test holds them to the catalog's blend modes.
    package static let all: [BlendKernel] = [
        .normal, .multiply, .screen, .overlay, .softLight, .hardLight, .add, .darken, .lighten, .difference,
        .colorDodge, .colorBurn,
    ]

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The kernel that computes the blend mode `id`; nil when no kernel does.
    package static func kernel(_ id: String) -> BlendKernel? {
        byID[id]
    }
}
