/// The filters: changes of look applied to one slot, one layer, or the whole video (the grade).
extension Catalog {
    package static let filters: [CatalogEntry] = [
        CatalogEntry(
            "brightness", .filter, "makes the picture lighter or darker",
            parameters: [.number("amount", -1...1, default: 0, "added to every level: -1 black, 0 unchanged, 1 white")]),
        CatalogEntry(
            "contrast", .filter, "spreads or narrows the levels around the middle gray",
            parameters: [.number("amount", 0...4, default: 1, "0 flat gray, 1 unchanged, above 1 stronger")]),
        CatalogEntry(
            "saturation", .filter, "makes colours stronger or weaker",
            parameters: [.number("amount", 0...4, default: 1, "0 gray, 1 unchanged, above 1 more vivid")]),
        CatalogEntry(
            "temperature", .filter, "warms or cools the colours",
            parameters: [.number("amount", -1...1, default: 0, "negative cooler (bluer), positive warmer (oranger)")]),
        CatalogEntry(
            "grayscale", .filter, "removes colour",
            parameters: [.number("strength", 0...1, default: 1, "0 unchanged, 1 fully gray")]),
        CatalogEntry(
            "sepia", .filter, "old-photo brown tones",
            parameters: [.number("strength", 0...1, default: 1, "0 unchanged, 1 fully sepia")]),
        CatalogEntry(
            "vignette", .filter, "darkens the corners",
            parameters: [
                .number("strength", 0...1, default: 0.5, "how dark the corners get"),
                .number("radius", 0.1...2, default: 0.8, "where darkening starts, as a fraction of the half-diagonal"),
            ]),
        CatalogEntry(
            "blur", .filter, "softens the picture (Gaussian)",
            parameters: [.number("radius", 0...0.1, default: 0.01, "blur radius as a fraction of the picture's shorter side")]),
        CatalogEntry(
            "sharpen", .filter, "crisps edges (unsharp mask)",
            parameters: [.number("amount", 0...2, default: 0.5, "0 unchanged, 2 strongest")]),
        CatalogEntry(
            "filmFade", .filter, "lifted blacks and softened colours of faded film",
            parameters: [.number("strength", 0...1, default: 0.5, "0 unchanged, 1 strongest")]),
        CatalogEntry(
            "grain", .filter, "film grain noise, different on every frame",
            parameters: [.number("strength", 0...1, default: 0.3, "0 none, 1 heavy")]),
        CatalogEntry(
            "lut", .filter, "colour look from a .cube 3D LUT in the template folder",
            parameters: [
                .file("file", .lut, ".cube file (LUT_3D_SIZE 2...256) in the template folder"),
                .number("strength", 0...1, default: 1, "mix of the looked-up colour: 0 unchanged, 1 full"),
            ]),
    ]
}
