import MediaIO

/// Crossfades and dips: the same blend for every sample of a plane.
enum FadeTransitions {
    static func crossfade(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double) {
        let w = BlendRows.weight(progress)
        BlendRows.forEachRow(a, b, out) { ra, rb, ro, plane, _ in
            BlendRows.mix(ra, rb, into: ro, count: plane.width, weight: w)
        }
    }

    /// A fades to `colour` over the first half, then B fades in from it over the second.
    static func dip(_ a: Picture, _ b: Picture, _ out: Picture, progress: Double, through colour: YCbCr) {
        let fadingIn = progress >= 0.5
        // At 0.5 the weight towards the colour is full: the picture is the colour exactly.
        let w = fadingIn ? BlendRows.one &- BlendRows.weight((progress - 0.5) * 2) : BlendRows.weight(progress * 2)
        let values = [colour.y, colour.cb, colour.cr]
        BlendRows.forEachRow(a, b, out) { ra, rb, ro, plane, _ in
            let value = values[plane.component]
            BlendRows.mix(fadingIn ? rb : ra, toward: value, into: ro, count: plane.width, weight: w)
        }
    }
}
