import MediaIO

/// The kernel of one catalog transition: how it draws from A to B.
///
/// Each kernel is declared beside the pixel loop it runs (an extension of `TransitionKernel`) and
/// listed once in `TransitionKernels.all`; the render core finds it by the catalog id, so no code
/// switches over the ids.
package struct TransitionKernel: Sendable {
    /// The catalog id of the transition it draws.
    package let id: String
    /// True when it reads `TransitionInputs.mask` (the render core loads the transition's mask for it).
    package let readsMask: Bool
    let draw: @Sendable (_ a: Picture, _ b: Picture, _ out: Picture, _ frame: TransitionFrame) -> Void

    init(_ id: String, readsMask: Bool = false, draw: @escaping @Sendable (Picture, Picture, Picture, TransitionFrame) -> Void) {
        self.id = id
        self.readsMask = readsMask
        self.draw = draw
    }
}

/// What a kernel draws with, once the entry checks have passed: progress strictly between 0 and 1
/// (the ends are copies), the edge in pixels and the inputs as given.
struct TransitionFrame {
    /// Clamped and strictly between 0 and 1.
    let progress: Double
    /// The edge softness as a width in luma pixels, at least one pixel so hard edges stay antialiased.
    let feather: Double
    /// The softness as given (a fraction of the canvas's shorter side or of the luma range).
    let softness: Double
    /// The mask, checked to be of the canvas's size when the kernel reads one.
    let mask: Picture?
}

/// Every transition kernel, found by the catalog id it draws.
package enum TransitionKernels {
    /// Every kernel, in catalog order; a render-core test holds them to the catalog's transitions.
    package static let all: [TransitionKernel] = [
        .cut, .crossfade, .dipToBlack, .dipToWhite, .wipeLeft, .wipeRight, .wipeUp, .wipeDown,
        .pushLeft, .pushRight, .pushUp, .pushDown, .slideLeft, .slideRight, .slideUp, .slideDown,
        .zoomIn, .circleOpen, .lumaWipe,
    ]

    private static let byID = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The kernel that draws the transition `id`; nil when no kernel draws it.
    package static func kernel(_ id: String) -> TransitionKernel? {
        byID[id]
    }
}
