import MediaIO

/// The kernel of one catalog filter: how it changes a picture in place.
///
/// Each kernel is declared in a file of its own under `Filters/` (an extension of `FilterKernel`)
/// and listed once in `FilterKernels.all`; the render core finds it by the catalog id, so no code
/// switches over the ids. Filters that change colour clip in R'G'B', so the result is always a
/// legal limited-range picture.
package struct FilterKernel: Sendable {
    /// The catalog id of the filter it applies.
    package let id: String
    /// The parameters it reads: the catalog's number parameters of the filter (a render-core test
    /// holds the two together). Reading any other stops the program.
    package let parameterNames: Set<String>
    let apply: @Sendable (_ picture: Picture, _ values: FilterValues) -> Void

    init(_ id: String, reads parameterNames: Set<String>, apply: @escaping @Sendable (Picture, FilterValues) -> Void) {
        self.id = id
        self.parameterNames = parameterNames
        self.apply = apply
    }
}

/// What a filter kernel reads besides its picture: its parameters, the LUT and the frame number.
struct FilterValues {
    let kernel: FilterKernel
    let parameters: [String: Double]
    /// The 3D LUT of a filter that reads one (`lut`); nil leaves such a filter without effect.
    let lut: LUT3D?
    /// The output frame number (it seeds grain).
    let frame: Int64

    /// The value of parameter `name`, which the kernel declares and the caller gave finite.
    func callAsFunction(_ name: String) -> Double {
        EntryChecks.require(kernel.parameterNames.contains(name), "FilterRenderer: \(kernel.id) reads an undeclared '\(name)'")
        let v = parameters[name] ?? .nan
        EntryChecks.require(
            v.isFinite, "FilterRenderer: \(kernel.id) needs a finite '\(name)', got \(parameters[name].map { "\($0)" } ?? "none")")
        return v
    }
}

/// Every filter kernel, found by the catalog id it applies.
package enum FilterKernels {
    /// Every kernel, in catalog order; a render-core test holds them to the catalog's filters.
    package static let all: [FilterKernel] = [
        .brightness, .contrast, .saturation, .temperature, .grayscale, .sepia, .vignette, .blur,
        .sharpen, .filmFade, .grain, .lut,
    ]

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The kernel that applies the filter `id`; nil when no kernel applies it.
    package static func kernel(_ id: String) -> FilterKernel? {
        byID[id]
    }
}
