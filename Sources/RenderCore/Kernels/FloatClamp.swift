/// Clamps floats without branches.
///
/// `Swift.min` and `max` on floats keep their NaN rules, and in kernels that clamp several values
/// in a row LLVM turns even plain selects into compare-and-jump chains, which mispredict on picture
/// data (the colour kernels ran at about 14 ns a pixel). Clamping as an integer compiles to
/// conditional moves. Inputs are computed from bytes with bounded coefficients, so they are finite
/// and far inside `Int32`'s range.
@inline(__always)
func clampedUnit(_ value: Float) -> Float {
    let fixed = Int32(value * 65536)
    return Float(min(max(fixed, 0), 65536)) * (1 / 65536)
}

/// Rounds to the nearest byte, clamping to 0...255, without branches.
@inline(__always)
func roundedByte(_ value: Float) -> UInt8 {
    let i = Int32(value + 0.5)
    return UInt8(truncatingIfNeeded: min(max(i, 0), 255))
}

/// A float clamped to `lower...upper`, for loops that vectorize (where it becomes `maxps`/`minps`).
@inline(__always)
func clamped(_ value: Float, _ lower: Float, _ upper: Float) -> Float {
    let low = value < lower ? lower : value
    return low > upper ? upper : low
}
