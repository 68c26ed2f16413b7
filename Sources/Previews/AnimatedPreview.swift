import MediaIO
import MediaTime
import RenderCore
import TimelineModel

/// A small looping animation of a whole timeline (GIF or WebP), drawn by the render core.
///
/// Frames are taken from the timeline's own frame grid at a low rate (the frame shown at each
/// preview time), rendered straight at the small size; nothing is encoded but the animation.
package enum AnimatedPreview {
    /// - Parameters:
    ///   - maxSide: the longer side of the animation, in pixels.
    ///   - frameRate: the animation's rate; lower than the video's keeps the file small.
    package static func write(
        _ timeline: Timeline, baseFolder: String? = nil, to path: String, maxSide: Int = 320,
        frameRate: FrameRate = FrameRate(10)
    ) throws {
        guard let format = AnimatedImageWriter.Format(path: path) else {
            throw FileAccessError(.unsupported, file: path, operation: "writing the animated preview", reason: "name it .gif or .webp")
        }
        let size = thumbnailSize(canvas: timeline.canvas, maxSide: maxSide)
        let renderer = FrameRenderer(
            timeline: timeline, baseFolder: baseFolder, width: size.width, height: size.height, fast: true,
            economy: .skimming)
        let picture = renderer.makePicture()
        let writer = try AnimatedImageWriter(path: path, format: format, width: renderer.width, height: renderer.height, frameRate: frameRate)
        let count = frameRate.frame(at: timeline.duration, rounding: .up)
        let last = timeline.frameCount - 1
        for k in 0..<count {
            let frame = min(last, timeline.frameRate.frame(at: frameRate.time(ofFrame: k), rounding: .down))
            try renderer.render(frame: frame, into: picture)
            try writer.write(picture)
        }
        try writer.finish()
    }

    /// The canvas scaled so its longer side is `maxSide`, both sides even.
    static func thumbnailSize(canvas: Canvas, maxSide: Int) -> (width: Int, height: Int) {
        let w = Double(canvas.width)
        let h = Double(canvas.height)
        let scale = min(1, Double(maxSide) / max(w, h, 1))
        return (max(2, Int((w * scale).rounded()) & ~1), max(2, Int((h * scale).rounded()) & ~1))
    }
}

/// A single frame of a timeline as a picture: the poster or cover of the video.
package enum Poster {
    /// The frame shown at `time` (clamped into the video), `width` pixels wide (default: the canvas).
    package static func image(_ timeline: Timeline, baseFolder: String? = nil, at time: RationalTime, width: Int? = nil) throws -> RGBAImage {
        let last = max(0, timeline.frameCount - 1)
        // Clamped as a time first: a time far past the video is its last frame, not a frame index past Int64.
        let frame = min(last, max(0, timeline.frameRate.frame(at: time.clamped(to: .zero, timeline.duration), rounding: .down)))
        let size = size(canvas: timeline.canvas, width: width)
        let renderer = renderer(timeline, baseFolder: baseFolder, width: size.width, height: size.height)
        let picture = renderer.makePicture()
        try renderer.render(frame: frame, into: picture)
        return picture.rgbaImage()
    }

    /// The size asked of the renderer for a poster `width` pixels wide (the canvas's when nil):
    /// the width held to 16...8192, the height from the canvas's aspect (the renderer then rounds
    /// both down to even). The preview engine sizes its frames through this, so they match.
    package static func size(canvas: Canvas, width: Int?) -> (width: Int, height: Int) {
        let w = min(8192, max(16, width ?? canvas.width))
        return (w, Int((Double(w) * Double(canvas.height) / Double(max(1, canvas.width))).rounded()))
    }

    /// The renderer a poster is drawn by: full-quality scaling, and decoding that seeks for each
    /// frame asked (`.stills`), so a frame's pixels do not depend on the frames drawn before it.
    package static func renderer(_ timeline: Timeline, baseFolder: String? = nil, width: Int, height: Int) -> FrameRenderer {
        FrameRenderer(timeline: timeline, baseFolder: baseFolder, width: width, height: height, fast: false, economy: .stills)
    }
}
