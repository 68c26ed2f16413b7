/// How an animated value moves between two keyframes (or through a transition).
///
/// Shared by templates and timelines: a template names an easing, the timeline records it, and the
/// planner evaluates it. The curves are the CSS ones authors know: cubic ease in, out, in-out.
public enum Easing: String, Sendable, Hashable, CaseIterable {
    case linear
    case easeIn
    case easeOut
    case easeInOut

    /// Maps linear progress `x` in 0...1 to eased progress in 0...1.
    package func apply(_ x: Double) -> Double {
        let t = min(1, max(0, x))
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        }
    }

    private func pow3(_ x: Double) -> Double { x * x * x }
}
