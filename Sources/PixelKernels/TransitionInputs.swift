import MediaIO

/// What a transition needs besides its two pictures.
package struct TransitionInputs: Sendable {
    /// Position in the transition, 0...1, already eased; values outside are clamped.
    package var progress: Double
    /// Width of the feathered edge. Wipes and `circleOpen`: a fraction of the canvas's shorter side;
    /// `lumaWipe`: a fraction of the luma range. Others ignore it. Its range and default are the
    /// catalog's (the render core reads them there).
    package var softness: Double
    /// The grayscale mask of a kernel that reads one (`lumaWipe`), already scaled to the canvas;
    /// only its Y' plane is read. Such a kernel without a mask of the canvas's size is a caller's
    /// error and stops the program: it is never drawn as something else.
    package var mask: Picture?

    package init(progress: Double, softness: Double, mask: Picture? = nil) {
        self.progress = progress
        self.softness = softness
        self.mask = mask
    }
}
