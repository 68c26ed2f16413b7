/// Quarter turns and mirroring of 4:2:0 pictures, for media whose display orientation differs from
/// its stored one (swscale cannot rotate).
enum PlaneRotation {
    /// Writes `src` turned clockwise by `rotation` degrees, then mirrored, into `dst` at `rect`
    /// (whose size is `src`'s after the turn).
    static func turn(_ src: Picture, rotation: Int, mirrored: Bool, into dst: Picture, at rect: PixelRect) {
        turnPlane(
            src.y, src.lumaStride, src.width, src.height, rotation, mirrored,
            dst.y + rect.y * dst.lumaStride + rect.x, dst.lumaStride)
        let cw = src.chromaWidth
        let ch = src.chromaHeight
        let off = (rect.y / 2) * dst.chromaStride + rect.x / 2
        turnPlane(src.u, src.chromaStride, cw, ch, rotation, mirrored, dst.u + off, dst.chromaStride)
        turnPlane(src.v, src.chromaStride, cw, ch, rotation, mirrored, dst.v + off, dst.chromaStride)
    }

    /// One plane: destination pixel (x, y) takes the source pixel it shows after the turn.
    private static func turnPlane(
        _ s: UnsafeMutablePointer<UInt8>, _ ss: Int, _ sw: Int, _ sh: Int, _ rotation: Int,
        _ mirrored: Bool, _ d: UnsafeMutablePointer<UInt8>, _ ds: Int
    ) {
        let quarter = rotation % 180 != 0
        let dw = quarter ? sh : sw
        let dh = quarter ? sw : sh
        for y in 0..<dh {
            let row = d + y * ds
            for x0 in 0..<dw {
                let x = mirrored ? dw &- 1 &- x0 : x0
                let sx: Int
                let sy: Int
                switch rotation {
                case 90:
                    sx = y
                    sy = sh &- 1 &- x
                case 180:
                    sx = sw &- 1 &- x
                    sy = sh &- 1 &- y
                case 270:
                    sx = sw &- 1 &- y
                    sy = x
                default:
                    sx = x
                    sy = y
                }
                row[x0] = s[sy &* ss &+ sx]
            }
        }
    }
}
