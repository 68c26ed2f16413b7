/// The transitions: how one slot gives way to the next, centred on the cut between them.
///
/// Directions are directions of motion: `wipeLeft`'s edge moves leftward; `pushLeft` moves both
/// pictures left, the next entering from the right; `slideLeft` slides the next picture in from the
/// right over a still current one. Every transition also takes `duration` and `easing`
/// (see the template format), which are not catalog parameters.
///
/// Each transition is described once, in a file of its own under `Transitions/` (an extension of
/// `TransitionCatalog`); this list only orders them, as `reel catalog`, the schema and the
/// documentation show them.
extension Catalog {
    /// The edge of the wipes and `circleOpen`, feathered over a fraction of the canvas's shorter side.
    static let featheredEdge = CatalogParameter.number(
        "softness", 0...0.5, default: 0.02, animatable: false, "width of the feathered edge, as a fraction of the canvas's shorter side")

    /// Every transition, in the order `reel catalog`, the schema and the documentation list them; ids must stay unique.
    package static let transitions: [CatalogEntry] = {
        typealias T = TransitionCatalog
        return [
            T.cut, T.crossfade, T.dipToBlack, T.dipToWhite, T.wipeLeft, T.wipeRight, T.wipeUp, T.wipeDown,
            T.pushLeft, T.pushRight, T.pushUp, T.pushDown, T.slideLeft, T.slideRight, T.slideUp, T.slideDown,
            T.zoomIn, T.circleOpen, T.lumaWipe,
        ]
    }()
}

/// The namespace of the transition descriptors, one file each under `Catalog/Transitions/`.
package enum TransitionCatalog {}
