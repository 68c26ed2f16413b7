import EffectCatalog
import MediaIO
import MediaTime
import PixelKernels
import TimelineModel

/// Draws output frames of a timeline: the one place pictures are made, for export and previews alike.
///
/// Order, bottom to top: background, the main track (a clip, or a transition between two), then
/// clips on upper layers, overlays and texts interleaved by their stacking numbers (`Stacking`),
/// each laid over what is below it in its blend mode.
///
/// The grade colours the video, never the titles and stickers over it: the main track and the clips
/// stacked below the first overlay or text are graded together, once, on the frame (with nothing
/// interleaved, that is every clip, and the grade costs one pass); a clip stacked above an overlay or
/// a text is graded on its own layer picture before it is placed, so the graphics under it stay as
/// drawn.
package final class FrameRenderer {
    /// The timeline drawn; fixed for the renderer's life, as its plans and caches are made from it.
    package let timeline: Timeline
    let planner: FramePlanner
    /// Size frames are drawn at (the canvas, or smaller for previews and drafts).
    package let width: Int
    /// Height frames are drawn at, even.
    package let height: Int
    let sources: MediaSources
    let fast: Bool
    let background: YCbCr
    /// Scratch pictures for the two sides of a transition.
    private lazy var sideA = makePicture()
    private lazy var sideB = makePicture()
    let layers: LayerPainter
    let graphics: GraphicsPainter

    /// - Parameters:
    ///   - baseFolder: folder that relative media paths in the timeline are resolved against.
    ///   - width, height: output size; defaults to the canvas. Rounded down to even.
    ///   - fast: cheaper scaling, for drafts and thumbnails.
    ///   - economy: what decoding may save on source pictures no frame shows; previews that jump
    ///     through the timeline use `.skimming`, export keeps every picture bit-exact.
    package init(
        timeline: Timeline, baseFolder: String? = nil, width: Int? = nil, height: Int? = nil, fast: Bool = false,
        economy: DecodeEconomy = .none
    ) {
        self.timeline = timeline
        planner = FramePlanner(timeline: timeline)
        self.width = max(2, (width ?? timeline.canvas.width) & ~1)
        self.height = max(2, (height ?? timeline.canvas.height) & ~1)
        sources = MediaSources(baseFolder: baseFolder, economy: economy)
        self.fast = fast
        let bg = timeline.canvas.background
        background = YCbCr(red: bg.red, green: bg.green, blue: bg.blue)
        layers = LayerPainter(timeline: timeline, sources: sources, width: self.width, height: self.height, fast: fast, background: background)
        graphics = GraphicsPainter(timeline: timeline, sources: sources, width: self.width, height: self.height)
    }

    /// A picture of the renderer's size for `render` to draw into; reuse it across frames.
    package func makePicture() -> Picture { Picture(width: width, height: height) }

    /// Clips drawn at the previous frame: when the set changes, what left is released.
    private var previousClips: Set<Int> = []
    /// Texts drawn at the previous frame, likewise: the captions of a long talk keep only what shows.
    private var previousTexts: Set<Int> = []

    /// Draws output frame `index` into `picture` (which must be `width` x `height`).
    package func render(frame index: Int64, into picture: Picture) throws(RenderError) {
        let plan = planner.plan(frame: index)
        release(keeping: plan)
        clear(picture)
        switch plan.main {
        case .clip(let layer):
            try layers.draw(layer, onto: picture, frame: index)
        case .transition(let t):
            clear(sideA)
            clear(sideB)
            try layers.draw(t.from, onto: sideA, frame: index)
            try layers.draw(t.to, onto: sideB, frame: index)
            let transition = timeline.transitions[t.index]
            // Never guess: a kind without a kernel, or a luma wipe without its mask, is an error
            // (reading a timeline file refuses both; a timeline built in code may still have them).
            guard Catalog.entry(.transition, transition.kind) != nil, let kernel = TransitionKernels.kernel(transition.kind) else {
                throw RenderError(
                    effect: EffectError(
                        effect: transition.kind, operation: "drawing a transition",
                        reason: "'\(transition.kind)' is not a transition of the catalog"), clip: "transition \(t.index)", frame: index)
            }
            var inputs = TransitionInputs(progress: t.progress, softness: TransitionParameters.softness(kernel.id, transition.parameters["softness"]))
            if kernel.readsMask {
                guard let mask = try graphics.mask(for: t.index) else {
                    throw RenderError(
                        effect: EffectError(effect: kernel.id, operation: "drawing a transition", reason: "\(kernel.id) needs its mask"),
                        clip: "transition \(t.index)", frame: index)
                }
                inputs.mask = mask
            }
            TransitionRenderer.render(kernel, from: sideA, to: sideB, into: picture, inputs: inputs)
        case nil:
            break
        }
        var graded = false
        for item in plan.above {
            switch item {
            case .clip(let layer):
                let clip = timeline.clips[layer.clipIndex]
                let prepared = try layers.prepare(layer, frame: index, grade: graded ? timeline.grade : [])
                try draw(blend: clip.blend, id: clip.id, onto: picture, frame: index) { targets in
                    for target in targets { layers.place(prepared, onto: target) }
                }
            case .overlay(let overlay):
                if !graded { try grade(picture, frame: index) }
                graded = true
                let item = timeline.overlays[overlay.index]
                try draw(blend: item.blend, id: item.id, onto: picture, frame: index) { targets throws(RenderError) in
                    try graphics.draw(overlay, onto: targets)
                }
            case .text(let text):
                if !graded { try grade(picture, frame: index) }
                graded = true
                let item = timeline.texts[text.index]
                try draw(blend: item.blend, id: item.id, onto: picture, frame: index) { targets throws(RenderError) in
                    try graphics.draw(text, onto: targets)
                }
            }
        }
        if !graded { try grade(picture, frame: index) }
    }

    /// Scratch pictures a layer in a blend mode is drawn over, filled with `Compositor.blendBlack`
    /// and `blendWhite`: from the two the blend kernel recovers the layer's colour and coverage.
    private lazy var overBlack = makePicture()
    private lazy var overWhite = makePicture()

    /// Draws an item with `drawing` (which draws onto every picture it is given) in blend mode
    /// `blend`. `normal` draws straight onto `picture`, byte for byte the path every layer took
    /// before blend modes; another mode draws onto the two scratch pictures and blends from them.
    private func draw(
        blend: String, id: String, onto picture: Picture, frame index: Int64,
        _ drawing: ([Picture]) throws(RenderError) -> Void
    ) throws(RenderError) {
        if blend == "normal" {
            try drawing([picture])
            return
        }
        // Never guess: a mode without a kernel is an error (reading a timeline file refuses it).
        guard let kernel = BlendKernels.kernel(blend) else {
            throw RenderError(
                effect: EffectError(effect: blend, operation: "blending a layer", reason: "'\(blend)' is not a blend mode of the catalog"),
                clip: id, frame: index)
        }
        overBlack.fill(y: Compositor.blendBlack, u: Compositor.blendBlack, v: Compositor.blendBlack)
        overWhite.fill(y: Compositor.blendWhite, u: Compositor.blendWhite, v: Compositor.blendWhite)
        try drawing([overBlack, overWhite])
        Compositor.blend(kernel, layerOverBlack: overBlack, layerOverWhite: overWhite, onto: picture)
    }

    /// The grade over the video drawn so far.
    private func grade(_ picture: Picture, frame index: Int64) throws(RenderError) {
        for effect in timeline.grade {
            try graphics.apply(effect, to: picture, frame: index)
        }
    }

    /// Memory stays flat however long the video: decoders, scalers and framed stills of clips, and
    /// rasterized texts, that are no longer on screen are let go as soon as the visible set changes.
    private func release(keeping plan: FramePlan) {
        let texts = Set(plan.texts.map(\.index))
        if texts != previousTexts {
            previousTexts = texts
            graphics.releaseTexts(except: texts)
        }
        let clips = Set(plan.layers.map(\.clipIndex))
        guard clips != previousClips else { return }
        previousClips = clips
        let media = Set(clips.map { timeline.clips[$0].media })
        sources.closeDecoders(except: media)
        sources.releaseStills(except: media)
        layers.release(except: clips)
    }

    func clear(_ picture: Picture) {
        picture.fill(y: background.y, u: background.cb, v: background.cr)
    }
}
