/// The colour matrices behind temperature, sepia and film fade.
enum ColorLooks {
    /// Warm (positive) raises red and lowers blue; cool does the opposite. Gains rather than offsets,
    /// so black stays black; whites clip to a warm or cool tint.
    static func temperature(_ amount: Float) -> ColorMatrix {
        .gains(1 + 0.12 * amount, 1, 1 - 0.18 * amount)
    }

    /// The classic sepia matrix divided by its largest row sum (1.351), so white maps to a light
    /// brown instead of clipping.
    static let sepia = ColorMatrix(
        red: SIMD4<Float>(0.393, 0.769, 0.189, 0) / 1.351,
        green: SIMD4<Float>(0.349, 0.686, 0.168, 0) / 1.351,
        blue: SIMD4<Float>(0.272, 0.534, 0.131, 0) / 1.351)

    /// Faded film: 30% less saturation, levels squeezed into 0.12...0.94 (lifted blacks, softer
    /// contrast) and a slight warm cast, all scaled by `strength`.
    static func filmFade(_ strength: Float) -> ColorMatrix {
        let lift = 0.12 * strength
        let top = 1 - 0.06 * strength
        let range = top - lift
        return ColorMatrix.desaturation(0.3 * strength)
            .then(.gains(range, range, range, offset: lift))
            .then(.gains(1 + 0.04 * strength, 1, 1 - 0.06 * strength))
    }
}
