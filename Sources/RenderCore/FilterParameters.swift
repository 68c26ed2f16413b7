import EffectCatalog

/// A filter's (or a key's) parameters as its kernel takes them: each one the catalog declares,
/// given or by its default, within its range.
///
/// The catalog is the one declaration of every parameter's range and default, read by the
/// template validator and the timeline reader; the kernels declare neither, so the value a
/// template is checked against is the value drawn. A timeline read from a file already holds
/// every value within range; animated values and timelines built in code are completed here.
package enum FilterParameters {
    /// Every number parameter the catalog declares for the effect `id` of `family` (a filter
    /// unless said), given or defaulted, clamped to its range (NaN gives the default).
    package static func complete(_ id: String, _ given: [String: Double], family: EffectFamily = .filter) -> [String: Double] {
        guard let entry = Catalog.entry(family, id) else { return given }
        var values: [String: Double] = [:]
        for parameter in entry.parameters {
            guard let range = parameter.range else { continue }
            let fallback = parameter.defaultValue ?? range.lowerBound
            let v = given[parameter.name] ?? fallback
            values[parameter.name] = v.isNaN ? fallback : min(max(v, range.lowerBound), range.upperBound)
        }
        return values
    }
}
