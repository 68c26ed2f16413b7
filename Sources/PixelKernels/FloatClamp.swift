/// Rounds to the nearest byte, clamping to 0...255, without branches: the byte `Int32(value + 0.5)`
/// clamped to 0...255 gives, for every finite value (NaN gives 0).
///
/// The clamp comes first, in floats, so that the conversion needs no range check (see `truncated`).
@inline(__always)
func roundedByte(_ value: Float) -> UInt8 {
    UInt8(truncatingIfNeeded: truncated(clampedToZero(value + 0.5, 255)))
}

/// `UInt8(value)` (rounding toward zero) for a value in 0 ..< 256, without branches; outside that
/// range, some byte (see `truncated`).
@inline(__always)
func truncatedByte(_ value: Float) -> UInt8 {
    UInt8(truncatingIfNeeded: truncated(value))
}

/// `Int32(value)`, rounding toward zero, for a value in 0 ..< 2²², without the checks of the
/// standard conversion.
///
/// `Int32(_: Float)` traps on NaN, infinities and values outside `Int32`, and those three tests are
/// branches in every iteration that keep a pixel loop from vectorizing (a circle wipe ran about
/// three times slower with them). Here the float's own bits give the integer: adding 1.5 × 2²³
/// places the integer nearest `value` in the low bits of the sum's pattern, and one comparison,
/// which compiles to a mask rather than a branch, turns nearest into toward-zero. Outside the
/// stated range (or for NaN) the result is some `Int32`, never a trap or undefined behaviour, so
/// callers clamp first, and those that index memory clamp the result too.
@inline(__always)
func truncated(_ value: Float) -> Int32 {
    // 1.5 × 2²³: for |value| < 2²² the sum lies in 2²³ ..< 2²⁴, where floats are the integers.
    let magic: Float = 12_582_912
    let nearest = Int32(bitPattern: (value + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)
    // Nearest rounded up: step back one.
    return nearest &- (Float(nearest) > value ? 1 : 0)
}

/// A float clamped to `lower...upper`. In a simple loop this compiles to `maxps`/`minps`; keep it
/// to loops the release build vectorizes (see `RGBBlockKernel`).
@inline(__always)
func clamped(_ value: Float, _ lower: Float, _ upper: Float) -> Float {
    let low = value < lower ? lower : value
    return low > upper ? upper : low
}

/// A float clamped to `0...upper`, NaN to 0.
@inline(__always)
func clampedToZero(_ value: Float, _ upper: Float) -> Float {
    let low = value >= 0 ? value : 0
    return low <= upper ? low : upper
}
