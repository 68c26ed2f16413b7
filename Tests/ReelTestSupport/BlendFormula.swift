/// The W3C Compositing and Blending Level 1 separable blend modes, `B(Cb, Cs)` for one channel in
/// 0...1, written from the spec: the oracle the blend tests hold Reel's kernels and renders to.
public enum BlendFormula {
    /// `B(cb, cs)` of `mode` (Reel's mode id); nil for a mode the spec does not define.
    public static func channel(_ mode: String, _ cb: Double, _ cs: Double) -> Double? {
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        switch mode {
        case "normal": return cs
        case "multiply": return cb * cs
        case "screen": return cb + cs - cb * cs
        case "overlay": return hardLight(cs, cb)
        case "hardLight": return hardLight(cb, cs)
        case "softLight":
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case "add": return min(1, cb + cs)
        case "darken": return min(cb, cs)
        case "lighten": return max(cb, cs)
        case "difference": return abs(cb - cs)
        case "colorDodge": return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
        case "colorBurn": return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        default: return nil
        }
    }
}
