import EffectCatalog
import MediaTime

/// Evaluates keyframed motion: the pose at a time, eased between the keyframes around it.
package enum MotionCurve {
    /// Before the first keyframe the first pose holds, after the last the last one; no keyframes is the identity.
    package static func pose(_ keyframes: [TransformKeyframe], at t: RationalTime) -> Pose {
        guard
            let span = KeyframeSpan.locate(
                keyframes, isAfter: { $0.time > t }, fraction: { ((t - $0.time) / ($1.time - $0.time)).seconds },
                easing: \.easing)
        else { return .identity }
        func mix(_ value: (TransformKeyframe) -> Double) -> Double { KeyframeSpan.value(keyframes, span, value) }
        return Pose(scale: mix(\.scale), x: mix(\.x), y: mix(\.y), rotation: mix(\.rotation))
    }

    /// Largest scale the keyframes reach: layers are drawn at that size once, then only shrunk.
    package static func maximumScale(_ keyframes: [TransformKeyframe]) -> Double {
        keyframes.map(\.scale).max() ?? 1
    }
}

/// Evaluates the in and out animations of texts and overlays.
package enum LayerAnimationCurve {
    /// The animation kinds this curve draws: every text animation of the catalog (a test holds them equal).
    package static let kinds: Set<String> = ["none", "fade", "slideUp", "slideDown", "pop", "typewriter"]

    /// How an entering or leaving layer is drawn at one time; the default state is fully shown, as outside its animations.
    package struct State: Sendable, Hashable {
        /// Multiplies the layer's own opacity, 0...1; fades and slides lower it.
        package var opacity: Double = 1
        /// Multiplies the layer's size about its centre; `pop` grows it from small.
        package var scale: Double = 1
        /// Vertical offset in canvas fractions (positive is down).
        package var offsetY: Double = 0
        /// Fraction of characters shown (typewriter); nil shows all.
        package var reveal: Double?
    }

    /// The state at timeline time `t` within `range`.
    package static func state(in entry: LayerAnimation?, out exit: LayerAnimation?, range: TimeRange, at t: RationalTime) -> State {
        var s = State()
        if let a = entry, a.duration.isPositive, t < range.start + a.duration {
            apply(a.kind, progress: ((t - range.start) / a.duration).seconds, entering: true, to: &s)
        }
        if let a = exit, a.duration.isPositive, t >= range.end - a.duration {
            apply(a.kind, progress: ((range.end - t) / a.duration).seconds, entering: false, to: &s)
        }
        return s
    }

    /// `progress` runs 0 (hidden) to 1 (in place), for entering and leaving alike.
    private static func apply(_ kind: String, progress raw: Double, entering: Bool, to s: inout State) {
        let p = min(1, max(0, raw))
        let eased = Easing.easeOut.apply(p)
        switch kind {
        case "fade":
            s.opacity *= p
        case "slideUp":
            s.opacity *= p
            s.offsetY += (entering ? 1 : -1) * 0.06 * (1 - eased)
        case "slideDown":
            s.opacity *= p
            s.offsetY += (entering ? -1 : 1) * 0.06 * (1 - eased)
        case "pop":
            s.opacity *= min(1, p * 2)
            // Overshoots to 1.1 then settles: the bounce of a sticker placed on the screen.
            let c = 1.70158
            let back = 1 + (c + 1) * pow3(p - 1) + c * (p - 1) * (p - 1)
            s.scale *= max(0.01, 0.5 + 0.5 * back)
        case "typewriter":
            s.reveal = min(s.reveal ?? 1, p)
        default:
            break
        }
    }

    private static func pow3(_ x: Double) -> Double { x * x * x }
}
