import EffectCatalog

/// A transition's edge softness as its kernel takes it: the one given, or the catalog's default
/// for the transition `id` (0 for transitions without an edge, which ignore it).
package enum TransitionParameters {
    /// The softness given (NaN replaced by the default), clamped to the catalog's range.
    package static func softness(_ id: String, _ given: Double?) -> Double {
        let declared = Catalog.entry(.transition, id)?.parameter("softness")
        guard let range = declared?.range else { return given ?? 0 }
        let v = given ?? declared?.defaultValue ?? range.lowerBound
        return v.isNaN ? (declared?.defaultValue ?? range.lowerBound) : min(max(v, range.lowerBound), range.upperBound)
    }
}
