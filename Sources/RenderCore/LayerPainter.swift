import EffectCatalog
import MediaIO
import MediaTime
import PixelKernels
import TemplateFormat
import TimelineModel

/// Draws clips: decodes (or recalls) the picture, frames it in its rectangle (cover, contain,
/// blurred fill), applies the clip's filters (and the grade, for a clip stacked above graphics)
/// and its key, then places it with its pose (Ken Burns motion, picture-in-picture rectangles).
final class LayerPainter {
    let timeline: Timeline
    let sources: MediaSources
    let width: Int
    let height: Int
    let fast: Bool
    let background: YCbCr
    /// Working pictures by size.
    private var scratch: [Int: Picture] = [:]
    private var scalers: [Int: FrameScaler] = [:]
    private let effects: EffectApplier
    private let frames: ClipFrames

    init(timeline: Timeline, sources: MediaSources, width: Int, height: Int, fast: Bool, background: YCbCr) {
        self.timeline = timeline
        self.sources = sources
        self.width = width
        self.height = height
        self.fast = fast
        self.background = background
        effects = EffectApplier(sources: sources)
        frames = ClipFrames(sources: sources, frameRate: timeline.frameRate)
    }

    /// Closes the frame sources and scalers of clips not in `clips`: a long timeline of many clips
    /// keeps only what is on screen.
    func release(except clips: Set<Int>) {
        for key in scalers.keys where !clips.contains(key / 2) { scalers[key] = nil }
        frames.release(except: clips)
    }

    /// The clip's rectangle on the output, on even pixels (4:2:0 chroma).
    func rect(of clip: VideoClip) -> PixelRect {
        let f = clip.frame
        let x = Int((f.x * Double(width)).rounded()) & ~1
        let y = Int((f.y * Double(height)).rounded()) & ~1
        let w = max(2, Int((f.width * Double(width)).rounded()) & ~1)
        let h = max(2, Int((f.height * Double(height)).rounded()) & ~1)
        return PixelRect(x: x, y: y, width: w, height: h)
    }

    /// A clip made ready to be placed: framed, filtered, graded when asked, keyed when it has a key.
    struct Prepared {
        /// The framed picture, at its rectangle's size times `scaleBase`.
        let picture: Picture
        /// The picture with its key's transparency, for a keyed clip; nil places `picture` opaque.
        let keyed: RGBAImage?
        /// The clip's rectangle on the output, on even pixels.
        let rect: PixelRect
        /// The clip's pose at the frame.
        let pose: Pose
        /// The largest scale the motion reaches, which `picture` was framed at.
        let scaleBase: Double
    }

    /// - Parameter grade: effects applied after the clip's own filters, at the frame's time on the
    ///   timeline: the grade, for a clip stacked above an overlay or text, which the grade of the
    ///   whole frame must not reach.
    func draw(_ plan: LayerPlan, onto target: Picture, frame: Int64, grade: [Effect] = []) throws(RenderError) {
        place(try prepare(plan, frame: frame, grade: grade), onto: target)
    }

    /// Frames, filters, grades and keys the clip at `frame`, without placing it: a clip in a blend
    /// mode is placed twice (see `FrameRenderer`), and decoded once.
    func prepare(_ plan: LayerPlan, frame: Int64, grade: [Effect] = []) throws(RenderError) -> Prepared {
        let clip = timeline.clips[plan.clipIndex]
        let rect = rect(of: clip)
        // Drawn once at the largest size the motion reaches, so zooming only ever shrinks it.
        let maxScale = min(2, max(1, MotionCurve.maximumScale(clip.motion)))
        let layerW = max(2, Int((Double(rect.width) * maxScale).rounded()) & ~1)
        let layerH = max(2, Int((Double(rect.height) * maxScale).rounded()) & ~1)
        let layer: Picture
        do throws(RenderError.Cause) {
            let source = frames.source(plan.clipIndex, clip: clip)
            let local = timeline.frameRate.time(ofFrame: frame) - clip.timelineRange.start
            let focus = clip.fit == .smart ? SmartFocus.centre(of: clip, at: local, picture: nil) : nil
            let framed: Picture
            do {
                framed = try source.picture(at: plan.sourceTime, width: layerW, height: layerH, focus: focus) {
                    (decoded: VideoFrame, into: Picture) throws(FileAccessError) in
                    // A reversed clip frames a group of pictures at once: each at its own time.
                    let own = clip.kind == .video && clip.reverse ? SmartFocus.centre(of: clip, at: local, picture: decoded.time) : focus
                    try frameInto(into, decoded, clip: clip, index: plan.clipIndex, focus: own)
                }
            } catch { throw .media(error) }
            if source.keepsPictures && !(clip.filters.isEmpty && grade.isEmpty) {
                // Filters change pixels: a kept picture (a still, a reversed group) is filtered in a copy.
                layer = picture(layerW, layerH, slot: 1)
                layer.copy(from: framed)
            } else {
                layer = framed
            }
            for effect in clip.filters {
                try effects.apply(effect, to: layer, frame: frame, time: local)
            }
            let now = timeline.frameRate.time(ofFrame: frame)
            for effect in grade {
                try effects.apply(effect, to: layer, frame: frame, time: now)
            }
        } catch {
            throw RenderError(error, clip: clip.id, frame: frame)
        }
        var keyed: RGBAImage?
        if let key = clip.key {
            // Never guess: a key without a kernel is an error (reading a timeline file refuses it).
            guard let kernel = KeyKernels.kernel(key.kind) else {
                throw RenderError(
                    effect: EffectError(effect: key.kind, operation: "keying a clip", reason: "'\(key.kind)' is not a key of the catalog"),
                    clip: clip.id, frame: frame)
            }
            let color = YCbCr(red: key.color.red, green: key.color.green, blue: key.color.blue)
            let values = FilterParameters.complete(key.kind, key.parameters, family: .key)
            keyed = KeyRenderer.key(kernel, color: color, parameters: values, picture: layer)
        }
        return Prepared(picture: layer, keyed: keyed, rect: rect, pose: plan.pose, scaleBase: maxScale)
    }

    /// Puts the prepared clip on the target: a straight copy when still, an affine draw when
    /// posed; a keyed clip is drawn as a sticker is, by its alpha.
    func place(_ prepared: Prepared, onto target: Picture) {
        let (layer, rect, pose, scaleBase) = (prepared.picture, prepared.rect, prepared.pose, prepared.scaleBase)
        let still = pose.isIdentity && scaleBase == 1 && layer.width == rect.width && layer.height == rect.height
        if still, let keyed = prepared.keyed {
            Compositor.blend(keyed, onto: target, x: rect.x, y: rect.y, opacity: 1)
            return
        }
        if still {
            PictureRegion.copy(layer, into: target, x: rect.x, y: rect.y)
            return
        }
        let cx = Double(rect.x) + Double(rect.width) / 2 + pose.x * Double(width)
        let cy = Double(rect.y) + Double(rect.height) / 2 + pose.y * Double(height)
        let s = pose.scale / scaleBase
        let transform = AffineTransform.translation(x: -Double(layer.width) / 2, y: -Double(layer.height) / 2)
            .concatenating(.scale(s))
            .concatenating(.rotation(degrees: pose.rotation))
            .concatenating(.translation(x: cx, y: cy))
        if let keyed = prepared.keyed {
            Compositor.draw(keyed, onto: target, transform: transform, opacity: pose.opacity)
        } else {
            Compositor.draw(layer, onto: target, transform: transform, opacity: pose.opacity)
        }
    }

    /// Frames a decoded picture into `layer` by the clip's fit.
    private func frameInto(_ layer: Picture, _ decoded: VideoFrame, clip: VideoClip, index: Int, focus: SIMD2<Double>?) throws(FileAccessError) {
        layer.fill(y: background.y, u: background.cb, v: background.cr)
        let all = PixelRect(x: 0, y: 0, width: layer.width, height: layer.height)
        let o = clip.orientation
        switch clip.fit {
        case .cover:
            try scaler(index, 0).draw(decoded, placement: Placement(rotation: o.rotation, mirrored: o.mirrored, cover: true), into: layer, rect: all)
        case .smart:
            let f = focus ?? SIMD2(0.5, 0.5)
            let placement = Placement(rotation: o.rotation, mirrored: o.mirrored, cover: true, focusX: f.x, focusY: f.y)
            try scaler(index, 0).draw(decoded, placement: placement, into: layer, rect: all)
        case .contain:
            try scaler(index, 0).draw(decoded, placement: Placement(rotation: o.rotation, mirrored: o.mirrored, cover: false), into: layer, rect: all)
        case .blurredFill:
            try scaler(index, 1).draw(decoded, placement: Placement(rotation: o.rotation, mirrored: o.mirrored, cover: true), into: layer, rect: all)
            Compositor.blur(layer, radius: max(4, min(layer.width, layer.height) / 24))
            try scaler(index, 0).draw(decoded, placement: Placement(rotation: o.rotation, mirrored: o.mirrored, cover: false), into: layer, rect: all)
        }
    }

    /// One scaler per clip and purpose, so each keeps its swscale context for its own sizes.
    private func scaler(_ index: Int, _ purpose: Int) -> FrameScaler {
        let key = index * 2 + purpose
        if let s = scalers[key] { return s }
        let s = FrameScaler(fast: fast)
        scalers[key] = s
        return s
    }

    private func picture(_ w: Int, _ h: Int, slot: Int) -> Picture {
        let key = (w << 32) | (h << 2) | slot
        if let p = scratch[key] { return p }
        let p = Picture(width: w, height: h)
        scratch[key] = p
        return p
    }
}

/// Where a smart clip's window is centred on a frame: its crop path at the frame's time.
enum SmartFocus {
    /// The centre at clip time `local`; for a picture of a reversed clip framed ahead of its
    /// frame, at the clip time that shows the picture's own source time `picture` instead (its
    /// group is framed at once). Looped reversed clips, whose source times wrap, use `local`.
    static func centre(of clip: VideoClip, at local: RationalTime, picture: RationalTime?) -> SIMD2<Double>? {
        var t = local
        if let picture, !clip.loop, let offset = try? clip.sourceRange.end.subtracting(picture),
            let back = try? offset.divided(by: clip.speed)
        {
            t = back.clamped(to: .zero, clip.timelineRange.duration)
        }
        return CropPath.centre(clip.crop, at: t).map { SIMD2($0.x, $0.y) }
    }
}

/// Copies between pictures at an offset, clipping to the target.
enum PictureRegion {
    static func copy(_ src: Picture, into dst: Picture, x: Int, y: Int) {
        let x0 = max(0, x) & ~1
        let y0 = max(0, y) & ~1
        let w = min(src.width - (x0 - x), dst.width - x0)
        let h = min(src.height - (y0 - y), dst.height - y0)
        guard w > 0, h > 0 else { return }
        let sx = x0 - x
        let sy = y0 - y
        for row in 0..<h {
            (dst.y + (y0 + row) * dst.lumaStride + x0).update(from: src.y + (sy + row) * src.lumaStride + sx, count: w)
        }
        let cw = (w + 1) / 2
        let ch = (h + 1) / 2
        for row in 0..<ch {
            let d = (y0 / 2 + row) * dst.chromaStride + x0 / 2
            let s = (sy / 2 + row) * src.chromaStride + sx / 2
            (dst.u + d).update(from: src.u + s, count: cw)
            (dst.v + d).update(from: src.v + s, count: cw)
        }
    }
}
