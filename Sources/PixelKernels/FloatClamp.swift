/// Rounds to the nearest byte, clamping to 0...255, without branches.
///
/// `Swift.min` and `max` on floats keep their NaN rules and, where a loop body clamps several
/// values, compile to compare-and-jump chains that mispredict on picture data. Clamping as an
/// integer compiles to conditional moves. Inputs are computed from bytes with bounded
/// coefficients, so they are finite and far inside `Int32`'s range.
@inline(__always)
func roundedByte(_ value: Float) -> UInt8 {
    let i = Int32(value + 0.5)
    return UInt8(truncatingIfNeeded: min(max(i, 0), 255))
}

/// A float clamped to `lower...upper`. In a simple loop this compiles to `maxps`/`minps`; keep it
/// to loops the release build vectorizes (see `RGBBlockKernel`).
@inline(__always)
func clamped(_ value: Float, _ lower: Float, _ upper: Float) -> Float {
    let low = value < lower ? lower : value
    return low > upper ? upper : low
}
