/// What a catalog entry is: the families of effects a template can name.
package enum EffectFamily: String, Sendable, Hashable, CaseIterable {
    case transition
    case filter
    case motion
    case textAnimation
    case easing
    /// How a layer's colour meets the picture under it (a layer's `blend`).
    case blend
    /// What makes part of a media layer transparent (a media layer's `key`).
    case key
}

/// The value type of an effect parameter.
package enum ParameterType: Sendable, Hashable {
    /// A number within `range`.
    case number(range: ClosedRange<Double>)
    /// A file in the template folder, checked to be readable as `kind`.
    case file(AssetKind)
    /// An opaque colour written `#rrggbb`; `defaultHex` (lower case) when the template leaves it out.
    case color(defaultHex: String)

    /// The word for it in messages and in `reel catalog`.
    package var name: String {
        switch self {
        case .number: "number"
        case .file(let kind): "\(kind.rawValue) file"
        case .color: "colour"
        }
    }
}

/// One parameter of an effect: what a template may write beside the effect's `kind`.
package struct CatalogParameter: Sendable, Hashable {
    /// The key a template writes beside `kind`, e.g. `softness`; unique within its entry.
    package let name: String
    /// A number with its allowed range, or a file of the template folder; decides how the reader checks the value.
    package let type: ParameterType
    /// The value used when the template leaves it out; nil when the template must give it.
    package let defaultValue: Double?
    /// True when the value may change over the effect's time (written as keyframes).
    package let animatable: Bool
    /// One line saying what the value does and what its ends mean, shown by `reel catalog` and the documentation.
    package let summary: String

    /// Called through the `number` and `file` factories; a nil `defaultValue` makes the parameter required.
    package init(_ name: String, _ type: ParameterType, default defaultValue: Double?, animatable: Bool, _ summary: String) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.animatable = animatable
        self.summary = summary
    }

    /// A number parameter within `range`, defaulting to `value`.
    static func number(
        _ name: String, _ range: ClosedRange<Double>, default value: Double, animatable: Bool = true,
        _ summary: String
    ) -> CatalogParameter {
        CatalogParameter(name, .number(range: range), default: value, animatable: animatable, summary)
    }

    /// A colour parameter, `#rrggbb`, defaulting to `hex`; never animatable.
    static func color(_ name: String, default hex: String, _ summary: String) -> CatalogParameter {
        CatalogParameter(name, .color(defaultHex: hex), default: nil, animatable: false, summary)
    }

    /// The colour a template leaving out a colour parameter gets, `#rrggbb`; nil for other types.
    package var defaultColor: String? {
        if case .color(let hex) = type { return hex }
        return nil
    }

    /// A required file parameter.
    static func file(_ name: String, _ kind: AssetKind, _ summary: String) -> CatalogParameter {
        CatalogParameter(name, .file(kind), default: nil, animatable: false, summary)
    }

    /// The allowed range of a number parameter.
    package var range: ClosedRange<Double>? {
        if case .number(let range) = type { return range }
        return nil
    }

    /// True when a template must give this parameter.
    package var isRequired: Bool {
        switch type {
        case .file: true
        case .color: false
        case .number: defaultValue == nil
        }
    }
}

/// One effect a template can name: its id, family, parameters and a one-line description.
package struct CatalogEntry: Sendable, Hashable {
    /// The name a template writes as `kind` and PixelKernels registers its kernel under; never changes meaning.
    package let id: String
    /// Which list it belongs to, and so where in a template its id may be written.
    package let family: EffectFamily
    /// One line, lower case, shown by `reel catalog`, in the documentation's tables and in the schema.
    package let summary: String
    /// What a template may write beside the `kind`, in display order; empty for effects without settings.
    package let parameters: [CatalogParameter]

    /// `id` must be unique within `family`; the catalog lists are the only callers.
    package init(_ id: String, _ family: EffectFamily, _ summary: String, parameters: [CatalogParameter] = []) {
        self.id = id
        self.family = family
        self.summary = summary
        self.parameters = parameters
    }

    /// The parameter named `name`, or nil when a template wrote a key this effect does not take.
    package func parameter(_ name: String) -> CatalogParameter? {
        parameters.first { $0.name == name }
    }
}
