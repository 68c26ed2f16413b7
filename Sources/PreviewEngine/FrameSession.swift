import MediaIO
import Previews
import RenderCore
import TimelineModel

/// One timeline kept ready to draw any of its frames at preview sizes: its renderers stay open
/// between requests (media opened, probed and decoders made once), so a frame costs its decode
/// and drawing only.
///
/// A frame is drawn as `reel poster` draws it (`Poster.renderer`, `Poster.size`): the same pixels
/// as `reel poster --at <n>f --width W` when drawn from the originals. With a `ProxyStore`, each
/// video is read from its proxy once that exists (the first request queues it), unless the caller
/// asks for the originals. Not thread-safe: one caller at a time (`SessionCache`).
package final class FrameSession {
    /// The timeline drawn; a changed timeline is a new session.
    package let timeline: Timeline
    private let baseFolder: String?
    private let proxies: ProxyStore?
    /// Renderers by width and the proxies they read (source path to proxy path), the most recently
    /// used last; at most `maxSizes`.
    private var renderers: [(width: Int, proxies: [String: String], renderer: FrameRenderer, picture: Picture)] = []
    /// Sizes kept open at once: a page shows a player and a strip of thumbnails.
    private let maxSizes = 2

    /// - Parameter baseFolder: what relative media paths are resolved against (nil: as written).
    ///   - proxies: where previews find (and queue) the proxies of the timeline's videos.
    package init(timeline: Timeline, baseFolder: String? = nil, proxies: ProxyStore? = nil) {
        self.timeline = timeline
        self.baseFolder = baseFolder
        self.proxies = proxies
    }

    /// The size of a frame asked for `height` lines: the even width nearest the canvas's aspect at
    /// that height, and the height `reel poster --width` gives for it (within a line or two of the
    /// one asked when the aspect does not divide evenly).
    package static func size(canvas: Canvas, height: Int) -> (width: Int, height: Int) {
        let wanted = Int((Double(height) * Double(canvas.width) / Double(max(1, canvas.height))).rounded())
        let poster = Poster.size(canvas: canvas, width: max(2, wanted & ~1))
        // The renderer rounds both sides down to even, as it does for the poster.
        return (max(2, poster.width & ~1), max(2, poster.height & ~1))
    }

    /// Frame `index` (0 ..< `timeline.frameCount`) at about `height` lines, as sRGB; with
    /// `originals`, never from a proxy (the poster's pixels exactly).
    package func image(frame index: Int64, height: Int, originals: Bool = false) throws(RenderError) -> RGBAImage {
        precondition(index >= 0 && index < timeline.frameCount, "FrameSession: frame \(index) outside the timeline")
        let ready = readyProxies()
        let (renderer, picture) = renderer(height: height, proxies: originals ? [:] : ready)
        try renderer.render(frame: index, into: picture)
        return picture.rgbaImage()
    }

    /// The proxies of the timeline's videos that exist now, by source; the others are queued.
    private func readyProxies() -> [String: String] {
        guard let proxies else { return [:] }
        var ready: [String: String] = [:]
        for clip in timeline.clips where clip.kind == .video && ready[clip.media] == nil {
            if let proxy = proxies.proxy(for: clip.media) { ready[clip.media] = proxy }
        }
        return ready
    }

    /// The renderer for frames `height` lines high reading `proxies`, made on first use with the
    /// poster's settings (a timeline whose videos are the proxies, when there are any).
    private func renderer(height: Int, proxies: [String: String]) -> (FrameRenderer, Picture) {
        let width = Self.size(canvas: timeline.canvas, height: height).width
        if let i = renderers.firstIndex(where: { $0.width == width && $0.proxies == proxies }) {
            let kept = renderers.remove(at: i)
            renderers.append(kept)
            return (kept.renderer, kept.picture)
        }
        if renderers.count >= maxSizes { renderers.removeFirst() }
        var drawn = timeline
        for i in drawn.clips.indices where drawn.clips[i].kind == .video {
            if let proxy = proxies[drawn.clips[i].media] { drawn.clips[i].media = proxy }
        }
        let size = Poster.size(canvas: timeline.canvas, width: width)
        let renderer = Poster.renderer(drawn, baseFolder: baseFolder, width: size.width, height: size.height)
        let picture = renderer.makePicture()
        renderers.append((width, proxies, renderer, picture))
        return (renderer, picture)
    }
}
