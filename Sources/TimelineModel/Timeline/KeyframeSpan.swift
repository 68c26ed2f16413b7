import EffectCatalog

/// Where a position falls among keyframes: the one shared rule behind every animated value
/// (motion poses, effect parameters, template keyframes). Before the first keyframe its value
/// holds, after the last the last one's; between two, the earlier one's easing shapes the way.
package enum KeyframeSpan {
    case before
    case after
    /// Between keyframes `index - 1` and `index`, eased progress `u` from the first to the second.
    case between(index: Int, u: Double)

    /// Nil for no keyframes.
    /// - Parameters:
    ///   - isAfter: whether a keyframe lies after the position asked for.
    ///   - fraction: linear progress of that position from the first keyframe given to the second.
    package static func locate<K>(_ keys: [K], isAfter: (K) -> Bool, fraction: (K, K) -> Double, easing: (K) -> Easing) -> KeyframeSpan? {
        guard let first = keys.first else { return nil }
        if isAfter(first) { return .before }
        guard let next = keys.firstIndex(where: isAfter) else { return .after }
        let a = keys[next - 1]
        let b = keys[next]
        return .between(index: next, u: easing(a).apply(fraction(a, b)))
    }

    /// The eased value of `value` at the located place.
    package static func value<K>(_ keys: [K], _ span: KeyframeSpan?, _ value: (K) -> Double) -> Double {
        switch span {
        case nil: return 0
        case .before?: return value(keys[0])
        case .after?: return value(keys[keys.count - 1])
        case .between(let i, let u)?:
            let a = value(keys[i - 1])
            let b = value(keys[i])
            return a + (b - a) * u
        }
    }
}
