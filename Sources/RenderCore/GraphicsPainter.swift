import MediaIO
import MediaTime
import PixelKernels
import TemplateFormat
import TimelineModel

/// Draws what lies over the video: overlays (pictures with alpha), texts, the grade, and the
/// masks transitions read. Everything it loads or rasterizes is kept for the frames that follow.
final class GraphicsPainter {
    let timeline: Timeline
    let sources: MediaSources
    let width: Int
    let height: Int
    /// Output pixels per canvas pixel (1 unless rendering at another size).
    let scale: Double
    private let effects: EffectApplier
    private var images: [String: RGBAImage] = [:]
    private var scaledImages: [String: RGBAImage] = [:]
    /// Luma-wipe masks at output size, by file: one per distinct mask however many transitions use it.
    private var masks: [String: Picture] = [:]
    private var rasterizer: TextRasterizer?
    /// Rasterized texts by index, with the characters shown: a text is drawn once per state
    /// (once, unless a typewriter reveals it), never per frame, and forgotten when it leaves.
    private var textImages: [Int: (visible: Int?, text: RenderedText)] = [:]

    init(timeline: Timeline, sources: MediaSources, width: Int, height: Int) {
        self.timeline = timeline
        self.sources = sources
        self.width = width
        self.height = height
        scale = Double(height) / Double(max(1, timeline.canvas.height))
        effects = EffectApplier(sources: sources)
    }

    func apply(_ effect: Effect, to picture: Picture, frame: Int64) throws(RenderError) {
        do {
            try effects.apply(effect, to: picture, frame: frame, time: timeline.frameRate.time(ofFrame: frame))
        } catch {
            throw RenderError(error, clip: "grade", frame: frame)
        }
    }

    /// The grayscale mask of a luma wipe, at output size.
    func mask(for transition: Int) throws(RenderError) -> Picture? {
        guard let file = timeline.transitions[transition].mask else { return nil }
        if let m = masks[file] { return m }
        do {
            let decoded = try sources.still(file)
            let m = Picture(width: width, height: height)
            try FrameScaler().draw(decoded, placement: Placement(cover: true), into: m, rect: PixelRect(x: 0, y: 0, width: width, height: height))
            masks[file] = m
            return m
        } catch {
            throw RenderError(media: error, clip: "transition \(transition)")
        }
    }

    /// Draws the overlay onto each of `pictures` (two for a blend mode, see `FrameRenderer`),
    /// loaded and scaled once.
    func draw(_ plan: OverlayPlan, onto pictures: [Picture]) throws(RenderError) {
        let item = timeline.overlays[plan.index]
        let image: RGBAImage
        do { image = try self.image(item.media) } catch { throw RenderError(media: error, clip: item.id) }
        let w = max(1, Int((item.width * Double(width) * plan.pose.scale).rounded()))
        let h = max(1, Int((Double(w) * Double(image.height) / Double(image.width)).rounded()))
        let x = Int(((item.x + plan.pose.x) * Double(width) - item.anchorX * Double(w)).rounded())
        let y = Int(((item.y + plan.pose.y) * Double(height) - item.anchorY * Double(h)).rounded())
        let rotation = plan.pose.rotation.truncatingRemainder(dividingBy: 360)
        // An image enlarged past the canvas (a sticker four canvases wide, zoomed in) is sampled
        // through its transform, at the cost of the canvas pixels it covers, instead of being scaled
        // whole first, at the cost of its own, possibly a hundred times larger, area.
        if w > image.width, w * h > width * height {
            let anchorX = Double(x) + item.anchorX * Double(w)
            let anchorY = Double(y) + item.anchorY * Double(h)
            let transform = AffineTransform.scale(x: Double(w) / Double(image.width), y: Double(h) / Double(image.height))
                .concatenating(.translation(x: -item.anchorX * Double(w), y: -item.anchorY * Double(h)))
                .concatenating(.rotation(degrees: rotation.isFinite ? rotation : 0))
                .concatenating(.translation(x: anchorX, y: anchorY))
            for picture in pictures { Compositor.draw(image, onto: picture, transform: transform, opacity: plan.pose.opacity) }
            return
        }
        let key = "\(item.media)#\(w)x\(h)"
        let scaled: RGBAImage
        if let s = scaledImages[key] {
            scaled = s
        } else {
            scaled = Compositor.scaled(image, width: w, height: h)
            if plan.pose.scale == 1 { scaledImages[key] = scaled }
        }
        if rotation == 0 || !rotation.isFinite {
            for picture in pictures { Compositor.blend(scaled, onto: picture, x: x, y: y, opacity: plan.pose.opacity) }
            return
        }
        // Turned clockwise about its anchor point, which stays where the unturned image puts it.
        let anchorX = Double(x) + item.anchorX * Double(w)
        let anchorY = Double(y) + item.anchorY * Double(h)
        let transform = AffineTransform.translation(x: -item.anchorX * Double(w), y: -item.anchorY * Double(h))
            .concatenating(.rotation(degrees: rotation))
            .concatenating(.translation(x: anchorX, y: anchorY))
        for picture in pictures { Compositor.draw(scaled, onto: picture, transform: transform, opacity: plan.pose.opacity) }
    }

    /// Forgets the rasterized texts not in `texts`: only what is on screen stays in memory.
    func releaseTexts(except texts: Set<Int>) {
        for index in textImages.keys where !texts.contains(index) { textImages[index] = nil }
    }

    /// Texts rasterized so far, one per distinct state: what the cache saves is counted by tests.
    private(set) var textRasterizations = 0
    /// Rasterized texts held now: only those on screen.
    var cachedTexts: Int { textImages.count }

    /// Draws the text onto each of `pictures` (two for a blend mode), rasterized once.
    func draw(_ plan: TextPlan, onto pictures: [Picture]) throws(RenderError) {
        let item = timeline.texts[plan.index]
        guard plan.pose.opacity > 0 else { return }
        let rendered: RenderedText
        if let cached = textImages[plan.index], cached.visible == plan.visibleCharacters {
            rendered = cached.text
        } else {
            let shown = plan.visibleCharacters.map { String(item.text.prefix($0)) } ?? item.text
            if shown.isEmpty { return }
            do {
                let r = try rasterizerInstance()
                var style = style(item.look)
                style.highlight = item.highlight.flatMap { Self.run($0, in: shown) }
                rendered = try r.render(
                    shown, style: style, maxWidth: Int(item.maxWidth * Double(width)), maxHeight: nil,
                    maxLines: item.maxLines)
            } catch {
                throw RenderError(media: error, clip: item.id)
            }
            textImages[plan.index] = (plan.visibleCharacters, rendered)
            textRasterizations += 1
        }
        // The text block (not its stroke, shadow or box) is what the anchor places, so decorations
        // never move the words.
        var image = rendered.image
        var block = rendered.block
        let s = plan.pose.scale
        if s != 1 {
            let w = max(1, Int((Double(image.width) * s).rounded()))
            let h = max(1, Int((Double(image.height) * s).rounded()))
            image = Compositor.scaled(image, width: w, height: h)
            block = TextRect(x: block.x * s, y: block.y * s, width: block.width * s, height: block.height * s)
        }
        let x = item.x * Double(width) - item.anchorX * block.width - block.x
        let y = (item.y + plan.pose.y) * Double(height) - item.anchorY * block.height - block.y
        for picture in pictures {
            Compositor.blend(image, onto: picture, x: Int(x.rounded()), y: Int(y.rounded()), opacity: plan.pose.opacity)
        }
    }

    /// The highlight's characters as scalars of `text`, cut at its end; nil when none are left.
    static func run(_ highlight: TextHighlight, in text: String) -> TextHighlightRun? {
        var scalars = 0
        var start: Int?
        var end: Int?
        for (i, character) in text.enumerated() {
            if i == highlight.start { start = scalars }
            scalars += character.unicodeScalars.count
            if i == highlight.start + highlight.length - 1 { end = scalars }
        }
        guard let start, highlight.length > 0 else { return nil }
        return TextHighlightRun(scalars: start..<(end ?? scalars), color: highlight.color)
    }

    private func rasterizerInstance() throws(FileAccessError) -> TextRasterizer {
        if let r = rasterizer { return r }
        let r = try TextRasterizer()
        rasterizer = r
        return r
    }

    private func image(_ media: String) throws(FileAccessError) -> RGBAImage {
        let path = sources.resolve(media)
        if let i = images[path] { return i }
        let i = try PNGFile.read(path)
        images[path] = i
        return i
    }

    /// The timeline's text look at output scale, its font file found where the timeline's media are.
    func style(_ look: TextLook) -> TextLook {
        var style = look.scaled(by: scale)
        style.fontFile = look.fontFile.map { sources.resolve($0) }
        return style
    }
}
