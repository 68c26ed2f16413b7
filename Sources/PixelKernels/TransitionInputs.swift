import MediaIO

/// What a transition needs besides its two pictures.
public struct TransitionInputs: Sendable {
    /// Position in the transition, 0...1, already eased; values outside are clamped.
    public var progress: Double
    /// Width of the feathered edge. Wipes and `circleOpen`: a fraction of the canvas's shorter side;
    /// `lumaWipe`: a fraction of the luma range. Others ignore it. Its range and default are the
    /// catalog's (the render core reads them there).
    public var softness: Double
    /// The grayscale mask of a kernel that reads one (`lumaWipe`), already scaled to the canvas;
    /// only its Y' plane is read. Such a kernel without a mask of the canvas's size is a caller's
    /// error and stops the program: it is never drawn as something else.
    public var mask: Picture?

    public init(progress: Double, softness: Double, mask: Picture? = nil) {
        self.progress = progress
        self.softness = softness
        self.mask = mask
    }
}
