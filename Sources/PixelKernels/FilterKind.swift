/// Every filter the render core can apply; the raw values are the catalog's names.
///
/// Parameters are given by name; each one's range and default is listed with its case. Filters
/// that change colour clip in R'G'B', so the result is always a legal limited-range picture.
package enum FilterKind: String, CaseIterable, Sendable {
    /// `amount` -1...1, default 0: added to every R'G'B' level; -1 black, 1 white.
    case brightness
    /// `amount` 0...4, default 1: R'G'B' levels spread about the middle gray; 0 flat gray.
    case contrast
    /// `amount` 0...4, default 1: chroma scaled about neutral; 0 gray, 2 twice as vivid.
    case saturation
    /// `amount` -1...1, default 0: negative cooler (more blue, less red), positive warmer.
    case temperature
    /// `strength` 0...1, default 1: 1 removes all colour.
    case grayscale
    /// `strength` 0...1, default 1: mix towards brown old-photo tones (the classic sepia matrix,
    /// scaled so that white stays within range: gray `g` becomes `(g, 0.89 g, 0.69 g)`).
    case sepia
    /// `strength` 0...1, default 0.5: how dark the corners get. `radius` 0.1...2, default 0.8: where
    /// the darkening starts, as a fraction of the half-diagonal; it reaches `strength` at the corners
    /// (or 0.2 of the half-diagonal further out when `radius` is above 0.8).
    case vignette
    /// `radius` 0...0.1, default 0.01: about two standard deviations of a Gaussian blur, as a
    /// fraction of the picture's shorter side (three box passes approximate the Gaussian).
    case blur
    /// `amount` 0...2, default 0.5: unsharp mask on luma; the detail above a 3x3 blur is added back
    /// `amount` times.
    case sharpen
    /// `strength` 0...1, default 0.5: faded film; lifted blacks, softer contrast, less saturation and
    /// a slight warm cast.
    case filmFade
    /// `strength` 0...1, default 0.3: monochrome noise on luma, up to about 24 levels at 1; the same
    /// frame number always gives the same grain.
    case grain
    /// `strength` 0...1, default 1: mix between the picture and its colours looked up in a 3D LUT
    /// (trilinear interpolation). Without a LUT the picture is left unchanged.
    case lut
}
