/// The part of a picture `cover` shows in a frame of another shape, in fractions of the picture.
///
/// `cover` scales the picture until it fills the frame, so one side fits exactly and the other
/// overflows: the window spans the whole picture along that side and `width` (or `height`) of it
/// along the other. Smart framing moves this window; it never changes its size.
package struct CoverWindow: Sendable, Hashable {
    /// Width of the window as a fraction of the picture's width, 0 to 1.
    package var width: Double
    /// Height of the window as a fraction of the picture's height, 0 to 1.
    package var height: Double

    /// Sides in fractions of the picture, 0...1, at least one of them 1 for a real cover window.
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The window of a `pictureWidth × pictureHeight` picture (as displayed) in a frame of
    /// `frameWidth × frameHeight` (any unit: only the shapes matter).
    package init(pictureWidth: Double, pictureHeight: Double, frameWidth: Double, frameHeight: Double) {
        guard pictureWidth > 0, pictureHeight > 0, frameWidth > 0, frameHeight > 0 else {
            self.init(width: 1, height: 1)
            return
        }
        let picture = pictureWidth / pictureHeight
        let frame = frameWidth / frameHeight
        self.init(width: min(1, frame / picture), height: min(1, picture / frame))
    }

    /// The share of the picture `cover` cuts away: 0 when the shapes match, 0.68 for a 16:9
    /// picture in a 9:16 frame.
    var cutAway: Double { 1 - width * height }

    /// The nearest centre to `x`, `y` at which the window stays inside the picture.
    package func clamped(x: Double, y: Double) -> (x: Double, y: Double) {
        (Self.clamp(x, width), Self.clamp(y, height))
    }

    static func clamp(_ centre: Double, _ size: Double) -> Double {
        let half = size / 2
        return min(1 - half, max(half, centre))
    }
}
