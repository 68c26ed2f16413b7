/// Every transition, filter, motion, text animation and easing a template can name, described once.
///
/// The validator checks templates against it, `reel catalog` prints it, the documentation lists it,
/// and the render core asserts that it has one kernel per entry. Ids never change meaning.
package enum Catalog {
    /// Every entry of every family, in family order.
    package static var all: [CatalogEntry] {
        EffectFamily.allCases.flatMap { entries(of: $0) }
    }

    package static func entries(of family: EffectFamily) -> [CatalogEntry] {
        switch family {
        case .transition: transitions
        case .filter: filters
        case .motion: motions
        case .textAnimation: textAnimations
        case .easing: easings
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
