/// Every transition, filter, motion, text animation, easing, blend mode and key a template can name, described once.
///
/// The validator checks templates against it, `reel catalog` prints it, the template schema and the
/// documentation's tables are made from it (`TemplateSchema`, `markdown()`), and the render core
/// finds one kernel per transition and filter by its id. Each transition and filter is a
/// descriptor in a file of its own (`Transitions/`, `Filters/`). Ids never change meaning.
package enum Catalog {
    /// Every entry of every family, in family order.
    package static var all: [CatalogEntry] {
        EffectFamily.allCases.flatMap { entries(of: $0) }
    }

    /// The entries of one family in catalog order: what the validator looks ids up in and what the listings print.
    package static func entries(of family: EffectFamily) -> [CatalogEntry] {
        switch family {
        case .transition: transitions
        case .filter: filters
        case .motion: motions
        case .textAnimation: textAnimations
        case .easing: easings
        case .blend: blends
        case .key: keys
        }
    }

    /// The entry of `family` named `id`; nil when there is none.
    package static func entry(_ family: EffectFamily, _ id: String) -> CatalogEntry? {
        entries(of: family).first { $0.id == id }
    }

    /// The ids of `family`, in catalog order.
    package static func ids(of family: EffectFamily) -> [String] {
        entries(of: family).map(\.id)
    }

    /// How values move between keyframes and through transitions (the curves are in `Easing`).
    static let easings: [CatalogEntry] = Easing.allCases.map { easing in
        let summary =
            switch easing {
            case .linear: "constant speed"
            case .easeIn: "starts slowly and speeds up (cubic)"
            case .easeOut: "starts fast and slows down (cubic)"
            case .easeInOut: "slow at both ends, fast in the middle (cubic)"
            }
        return CatalogEntry(easing.rawValue, .easing, summary)
    }
}
