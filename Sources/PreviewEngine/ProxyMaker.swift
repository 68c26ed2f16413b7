import FileAccess
import MediaIO
import MediaTime

/// Writes a preview proxy of a video: its stored pictures scaled so the shorter side is at most
/// `ProxyMaker.shortSide`, every picture a keyframe (so any frame decodes alone), no sound.
///
/// The proxy keeps the source's stored orientation (the timeline's clip says how to turn it) and
/// has one picture at each time of the source's frame grid, so a time in the source shows the same
/// picture in the proxy. It is written to a temporary name and appears at `path` only when whole.
package enum ProxyMaker {
    /// Lines of a proxy's shorter side: the studio's player is at most 540 lines high.
    package static let shortSide = 540

    /// The proxy's stored size for a source stored at `width` x `height`: scaled down (never up)
    /// so the shorter side is at most `shortSide`, both sides even and at least 16.
    package static func size(width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(shortSide) / Double(max(1, min(width, height))))
        func side(_ s: Int) -> Int { max(16, Int((Double(s) * scale).rounded()) & ~1) }
        return (side(width), side(height))
    }

    /// Transcodes the video at `source` into `path`; `cancelled` is asked between pictures.
    package static func make(source: String, to path: String, cancelled: () -> Bool = { false }) throws(FileAccessError) {
        let info = try MediaProbe.probe(source)
        guard let video = info.video, !info.isStillImage, let rate = video.frameRate, let duration = video.duration ?? info.duration,
            duration.isPositive
        else {
            throw FileAccessError(.unsupported, file: source, operation: "making a preview proxy", reason: "not a video with a frame rate")
        }
        let size = size(width: video.codedWidth, height: video.codedHeight)
        var settings = EncoderSettings(width: size.width, height: size.height, frameRate: rate, crf: 18, preset: "ultrafast")
        settings.keyframeInterval = 1
        let decoder = try VideoDecoder(path: source)
        let writer = try MP4Writer(path: path, settings: settings)
        let scaler = FrameScaler()
        let picture = Picture(width: size.width, height: size.height)
        let all = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let count = max(1, rate.frame(at: duration, rounding: .up))
        do throws(FileAccessError) {
            for k in 0..<count {
                if cancelled() {
                    throw FileAccessError(.failed, file: path, operation: "making a preview proxy", reason: "cancelled")
                }
                let frame = try decoder.frame(at: rate.time(ofFrame: k), step: rate.frameDuration)
                try scaler.draw(frame, placement: Placement(), into: picture, rect: all)
                try writer.writeVideo(picture)
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
    }
}
