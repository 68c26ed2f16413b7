import MediaIO

/// Every transition the render core can draw; the raw values are the catalog's names.
///
/// Directions name the direction of motion: `wipeLeft`'s edge moves leftward, revealing B from the
/// right; `pushLeft` moves A and B left together with B entering from the right; `slideLeft` slides
/// B in from the right over a still A. `zoomIn` scales A up while fading into B; `circleOpen`
/// reveals B inside a circle growing from the centre; the dips fade A to the colour by progress 0.5
/// and then fade B in; `cut` shows B from any progress above 0; `lumaWipe` shows B where the mask is
/// darker than the progress, so the dark areas of the mask go first.
package enum TransitionKind: String, CaseIterable, Sendable {
    case cut, crossfade, dipToBlack, dipToWhite
    case wipeLeft, wipeRight, wipeUp, wipeDown
    case pushLeft, pushRight, pushUp, pushDown
    case slideLeft, slideRight, slideUp, slideDown
    case zoomIn, circleOpen, lumaWipe
}

/// What a transition needs besides its two pictures.
package struct TransitionInputs: Sendable {
    /// Position in the transition, 0...1, already eased; values outside are clamped.
    package var progress: Double
    /// Width of the feathered edge. Wipes and `circleOpen`: a fraction of the canvas's shorter side;
    /// `lumaWipe`: a fraction of the luma range. Others ignore it. Its range and default are the
    /// catalog's (the render core reads them there).
    package var softness: Double
    /// `lumaWipe`'s grayscale mask, already scaled to the canvas; only its Y' plane is read. A luma
    /// wipe without a mask of the canvas's size is a caller's error and stops the program: it is
    /// never drawn as something else.
    package var mask: Picture?

    public init(progress: Double, softness: Double, mask: Picture? = nil) {
        self.progress = progress
        self.softness = softness
        self.mask = mask
    }

}
