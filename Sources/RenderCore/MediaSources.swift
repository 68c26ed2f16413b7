import MediaIO
import MediaTime
import TemplateCore

/// Opens media for the renderer and keeps what it opened for reuse, within a bound.
///
/// Decoders are reused across clips of the same file (a file used twice is opened once) and the
/// least recently used one is closed when more than `maxDecoders` are open, so a timeline with many
/// files never holds them all. Still images are decoded once.
final class MediaSources {
    let maxDecoders: Int
    /// Folder that relative media paths are resolved against.
    let baseFolder: String?
    private var decoders: [String: VideoDecoder] = [:]
    private var lastUse: [String: Int] = [:]
    private var clock = 0
    private var stills: [String: VideoFrame] = [:]

    init(baseFolder: String?, maxDecoders: Int = 8) {
        self.baseFolder = baseFolder
        self.maxDecoders = maxDecoders
    }

    func resolve(_ path: String) -> String {
        guard let base = baseFolder, !path.hasPrefix("/") else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    func still(_ media: String) throws(MediaError) -> VideoFrame {
        let path = resolve(media)
        if let s = stills[path] { return s }
        let s = try StillImage.load(path)
        stills[path] = s
        return s
    }

    /// The frame of `media` shown at `time`; with `loop`, times past the end wrap to the start.
    func videoFrame(_ media: String, at time: RationalTime, loop: Bool = false) throws(MediaError) -> VideoFrame {
        let d = try decoder(resolve(media))
        var t = time
        if loop, let duration = d.duration, duration.isPositive, t >= duration {
            let cycles = (t / duration).ticks(timescale: 1, rounding: .down)
            t = t - duration * cycles
        }
        return try d.frame(at: t)
    }

    private func decoder(_ path: String) throws(MediaError) -> VideoDecoder {
        clock += 1
        lastUse[path] = clock
        if let d = decoders[path] { return d }
        if decoders.count >= maxDecoders, let victim = lastUse.filter({ decoders[$0.key] != nil }).min(by: { $0.value < $1.value })?.key {
            decoders[victim] = nil
        }
        let d = try VideoDecoder(path: path)
        decoders[path] = d
        return d
    }

    /// Number of decoders currently open (for tests of the bound).
    var openDecoderCount: Int { decoders.count }
}
