/// The transitions: how one slot gives way to the next, centred on the cut between them.
///
/// Directions are directions of motion: `wipeLeft`'s edge moves leftward; `pushLeft` moves both
/// pictures left, the next entering from the right; `slideLeft` slides the next picture in from the
/// right over a still current one. Every transition also takes `duration` and `easing`
/// (see the template format), which are not catalog parameters.
extension Catalog {
    /// The edge of the wipes and `circleOpen`, feathered over a fraction of the canvas's shorter side.
    static let featheredEdge = CatalogParameter.number(
        "softness", 0...0.5, default: 0.02, animatable: false, "width of the feathered edge, as a fraction of the canvas's shorter side")

    package static let transitions: [CatalogEntry] = [
        CatalogEntry("cut", .transition, "no transition: the next picture replaces the current one at the cut"),
        CatalogEntry("crossfade", .transition, "the current picture fades into the next"),
        CatalogEntry("dipToBlack", .transition, "fades to black, then from black to the next picture"),
        CatalogEntry("dipToWhite", .transition, "fades to white, then from white to the next picture"),
        CatalogEntry(
            "wipeLeft", .transition, "a straight edge moving leftward uncovers the next picture",
            parameters: [featheredEdge]),
        CatalogEntry(
            "wipeRight", .transition, "a straight edge moving rightward uncovers the next picture",
            parameters: [featheredEdge]),
        CatalogEntry(
            "wipeUp", .transition, "a straight edge moving upward uncovers the next picture",
            parameters: [featheredEdge]),
        CatalogEntry(
            "wipeDown", .transition, "a straight edge moving downward uncovers the next picture",
            parameters: [featheredEdge]),
        CatalogEntry("pushLeft", .transition, "both pictures move left; the next enters from the right"),
        CatalogEntry("pushRight", .transition, "both pictures move right; the next enters from the left"),
        CatalogEntry("pushUp", .transition, "both pictures move up; the next enters from below"),
        CatalogEntry("pushDown", .transition, "both pictures move down; the next enters from above"),
        CatalogEntry("slideLeft", .transition, "the next picture slides in from the right over the still current one"),
        CatalogEntry("slideRight", .transition, "the next picture slides in from the left over the still current one"),
        CatalogEntry("slideUp", .transition, "the next picture slides in from below over the still current one"),
        CatalogEntry("slideDown", .transition, "the next picture slides in from above over the still current one"),
        CatalogEntry("zoomIn", .transition, "the current picture zooms in and fades into the next"),
        CatalogEntry(
            "circleOpen", .transition, "a circle growing from the centre uncovers the next picture",
            parameters: [featheredEdge]),
        CatalogEntry(
            "lumaWipe", .transition, "a grayscale image decides where the next picture appears first (dark first)",
            parameters: [
                .file("mask", .image, "grayscale PNG in the template folder; dark pixels switch first"),
                .number("softness", 0...1, default: 0.1, animatable: false, "width of the blended edge, as a fraction of the gray range"),
            ]),
    ]
}
