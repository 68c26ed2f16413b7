/// The motions (Ken Burns presets over a slot or layer) and the text animations (how a text or
/// overlay enters and leaves). Author keyframes of scale, x, y and rotation are part of the
/// template format, not of the catalog.
extension Catalog {
    private static func zoom(_ summary: String) -> [CatalogParameter] {
        [.number("amount", 1...2, default: 1.15, animatable: false, summary)]
    }

    /// The Ken Burns presets a slot or layer may name as its `motion`; all but `none` take a non-animatable `amount`.
    package static let motions: [CatalogEntry] = [
        CatalogEntry("none", .motion, "the picture stays still"),
        CatalogEntry(
            "zoomIn", .motion, "slowly moves closer, from the fitted picture to `amount` times larger",
            parameters: zoom("zoom factor at the end")),
        CatalogEntry(
            "zoomOut", .motion, "slowly moves away, from `amount` times larger to the fitted picture",
            parameters: zoom("zoom factor at the start")),
        CatalogEntry(
            "panLeft", .motion, "the view travels leftward across a picture enlarged `amount` times",
            parameters: zoom("zoom factor that gives room to travel")),
        CatalogEntry(
            "panRight", .motion, "the view travels rightward across a picture enlarged `amount` times",
            parameters: zoom("zoom factor that gives room to travel")),
        CatalogEntry(
            "panUp", .motion, "the view travels upward across a picture enlarged `amount` times",
            parameters: zoom("zoom factor that gives room to travel")),
        CatalogEntry(
            "panDown", .motion, "the view travels downward across a picture enlarged `amount` times",
            parameters: zoom("zoom factor that gives room to travel")),
        CatalogEntry(
            "zoomPan", .motion, "zooms in to `amount` while drifting diagonally: the classic Ken Burns",
            parameters: zoom("zoom factor at the end")),
    ]

    static let textAnimations: [CatalogEntry] = [
        CatalogEntry("none", .textAnimation, "appears or disappears at once"),
        CatalogEntry("fade", .textAnimation, "fades in or out"),
        CatalogEntry("slideUp", .textAnimation, "moves up into place (in) or up out of it (out) while fading"),
        CatalogEntry("slideDown", .textAnimation, "moves down into place (in) or down out of it (out) while fading"),
        CatalogEntry("pop", .textAnimation, "grows from small with a slight overshoot (in), or shrinks away (out)"),
        CatalogEntry("typewriter", .textAnimation, "characters appear (in) or disappear (out) one after another"),
    ]
}
