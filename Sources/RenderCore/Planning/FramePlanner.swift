import MediaTime
import TimelineModel

/// What to draw for one output frame, bottom to top: the main track (one clip or a transition
/// between two), then everything above it (clips on upper layers, overlays, texts) in stacking order.
package struct FramePlan: Sendable, Hashable {
    /// The main track at this frame; nil where no clip covers it (the background shows).
    package var main: MainTrackPlan?
    /// Everything above the main track, bottom to top, interleaved by stacking number (`Stacking`).
    package var above: [StackPlan]

    /// Clips on layers above the main track, bottom to top.
    package var upper: [LayerPlan] { above.compactMap { if case .clip(let l) = $0 { l } else { nil } } }
    /// Overlays, bottom to top.
    package var overlays: [OverlayPlan] { above.compactMap { if case .overlay(let o) = $0 { o } else { nil } } }
    /// Texts, bottom to top.
    package var texts: [TextPlan] { above.compactMap { if case .text(let t) = $0 { t } else { nil } } }

    /// Every clip layer drawn, in order (for tests and tools).
    package var layers: [LayerPlan] {
        var all: [LayerPlan] = []
        switch main {
        case .clip(let l): all.append(l)
        case .transition(let t): all += [t.from, t.to]
        case nil: break
        }
        return all + upper
    }
}

/// One item above the main track at one frame.
package enum StackPlan: Sendable, Hashable {
    case clip(LayerPlan)
    case overlay(OverlayPlan)
    case text(TextPlan)
}

/// The main track at one frame.
package enum MainTrackPlan: Sendable, Hashable {
    case clip(LayerPlan)
    case transition(TransitionPlan)
}

/// A transition in progress.
package struct TransitionPlan: Sendable, Hashable {
    /// Index into `Timeline.transitions`.
    package var index: Int
    /// The outgoing clip, as it shows at this frame.
    package var from: LayerPlan
    /// The incoming clip, as it shows at this frame.
    package var to: LayerPlan
    /// Eased progress, 0 at the transition's first frame time, 1 at its end.
    package var progress: Double
}

/// One clip to draw: which instant of its media, and where.
package struct LayerPlan: Sendable, Hashable {
    /// Index into `Timeline.clips`.
    var clipIndex: Int
    /// Source time to show (for a still image, the time since the clip began).
    package var sourceTime: RationalTime
    /// The clip's pose (motion) at this frame.
    package var pose: Pose
}

/// One overlay to draw at a frame.
package struct OverlayPlan: Sendable, Hashable {
    /// Index into `Timeline.overlays`.
    package var index: Int
    /// The overlay's animated pose at this frame.
    package var pose: Pose
}

/// One text to draw at a frame.
package struct TextPlan: Sendable, Hashable {
    /// Index into `Timeline.texts`.
    package var index: Int
    /// Animation state: opacity, a scale about the anchor, and an offset in canvas fractions.
    package var pose: Pose
    /// For `typewriter`: how many characters are shown; nil shows all.
    var visibleCharacters: Int?
}

/// Says, for every output frame, what is visible and how: the pure half of rendering.
///
/// The timeline is cut ahead of time into spans of frames over which the set of visible items is
/// constant, so planning a frame is a binary search plus the few animated values of what is
/// visible, never a scan of the timeline. Export and previews plan through this one type, so a
/// preview cannot drift from the video.
package struct FramePlanner: Sendable {
    /// The timeline planned; the spans are cut from it once.
    package let timeline: Timeline
    /// Frame spans `[start, end)` with the items visible in each.
    package let spans: [Span]

    /// A run of frames over which the set of visible items does not change.
    package struct Span: Sendable {
        /// Output frames `[start, end)`; spans are sorted and do not overlap.
        package let frames: Range<Int64>
        /// Indices into `Timeline.clips` of the main-track clips visible in the span.
        package let mainClips: [Int]
        /// Indices into `Timeline.transitions` under way in the span.
        package let transitions: [Int]
        /// Clips of upper layers, overlays and texts, bottom to top.
        package let above: [Stacking.Item]
    }

    /// Cuts the timeline into spans at every frame where an item starts or ends, main clips widened by their transitions.
    package init(timeline: Timeline) {
        self.timeline = timeline
        let rate = timeline.frameRate
        let total = timeline.frameCount
        func frames(_ r: TimeRange) -> Range<Int64> {
            let f = r.frames(at: rate)
            return max(0, min(f.lowerBound, total))..<max(0, min(f.upperBound, total))
        }
        // A main clip is visible over its range and over the transitions that touch it (its handles).
        var clipFrames = timeline.clips.map { frames($0.timelineRange) }
        let transitionFrames = timeline.transitions.map { frames($0.range) }
        for (i, t) in timeline.transitions.enumerated() {
            for (c, clip) in timeline.clips.enumerated() where clip.layer == 0 && (clip.id == t.from || clip.id == t.to) {
                let r = clipFrames[c]
                let tr = transitionFrames[i]
                clipFrames[c] = min(r.lowerBound, tr.lowerBound)..<max(r.upperBound, tr.upperBound)
            }
        }
        let overlayFrames = timeline.overlays.map { frames($0.timelineRange) }
        let textFrames = timeline.texts.map { frames($0.timelineRange) }
        var bounds = Set<Int64>([0, total])
        for r in clipFrames + transitionFrames + overlayFrames + textFrames {
            bounds.insert(r.lowerBound)
            bounds.insert(r.upperBound)
        }
        let sorted = bounds.sorted()
        var spans: [Span] = []
        for (a, b) in zip(sorted, sorted.dropFirst()) where a < b {
            func visible(_ ranges: [Range<Int64>]) -> [Int] { ranges.indices.filter { ranges[$0].contains(a) } }
            let clips = visible(clipFrames)
            let above =
                clips.filter { timeline.clips[$0].layer > 0 }.map(Stacking.Item.clip)
                + visible(overlayFrames).map(Stacking.Item.overlay) + visible(textFrames).map(Stacking.Item.text)
            spans.append(
                Span(
                    frames: a..<b,
                    mainClips: clips.filter { timeline.clips[$0].layer == 0 },
                    transitions: visible(transitionFrames),
                    above: Stacking.order(above, in: timeline)))
        }
        self.spans = spans
    }

    /// Everything drawn at output frame `index` (0-based).
    package func plan(frame index: Int64) -> FramePlan {
        guard let span = span(containing: index) else { return FramePlan(main: nil, above: []) }
        let t = timeline.frameRate.time(ofFrame: index)
        var main: MainTrackPlan?
        if let ti = span.transitions.first, let plan = transitionPlan(ti, at: t) {
            main = .transition(plan)
        } else if let ci = span.mainClips.first(where: { timeline.clips[$0].timelineRange.contains(t) }) ?? span.mainClips.first {
            main = .clip(layer(ci, at: t))
        }
        return FramePlan(
            main: main,
            above: span.above.map { item in
                switch item {
                case .clip(let i): .clip(layer(i, at: t))
                case .overlay(let i): .overlay(overlay(i, at: t))
                case .text(let i): .text(text(i, at: t))
                }
            })
    }

    func transitionPlan(_ index: Int, at t: RationalTime) -> TransitionPlan? {
        let tr = timeline.transitions[index]
        guard let a = timeline.clips.firstIndex(where: { $0.id == tr.from && $0.layer == 0 }),
            let b = timeline.clips.firstIndex(where: { $0.id == tr.to && $0.layer == 0 })
        else { return nil }
        let linear = tr.range.duration.isZero ? 1 : ((t - tr.range.start) / tr.range.duration).seconds
        return TransitionPlan(index: index, from: layer(a, at: t), to: layer(b, at: t), progress: tr.easing.apply(linear))
    }

    func layer(_ index: Int, at t: RationalTime) -> LayerPlan {
        let clip = timeline.clips[index]
        let local = t - clip.timelineRange.start
        let source = clip.kind == .image ? local : clip.sourceTime(at: t)
        var pose = MotionCurve.pose(clip.motion, at: local)
        pose.opacity *= clip.opacity
        return LayerPlan(clipIndex: index, sourceTime: source, pose: pose)
    }

    func overlay(_ index: Int, at t: RationalTime) -> OverlayPlan {
        let item = timeline.overlays[index]
        var pose = MotionCurve.pose(item.motion, at: t - item.timelineRange.start)
        let anim = LayerAnimationCurve.state(in: item.animationIn, out: item.animationOut, range: item.timelineRange, at: t)
        pose.opacity *= item.opacity * anim.opacity
        pose.scale *= anim.scale
        pose.y += anim.offsetY
        return OverlayPlan(index: index, pose: pose)
    }

    func text(_ index: Int, at t: RationalTime) -> TextPlan {
        let item = timeline.texts[index]
        let anim = LayerAnimationCurve.state(in: item.animationIn, out: item.animationOut, range: item.timelineRange, at: t)
        let count = item.text.count
        let visible = anim.reveal.map { Int(($0 * Double(count)).rounded(.down)) }
        return TextPlan(index: index, pose: Pose(scale: anim.scale, y: anim.offsetY, opacity: anim.opacity), visibleCharacters: visible)
    }

    private func span(containing index: Int64) -> Span? {
        var lo = 0
        var hi = spans.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if spans[mid].frames.upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo < spans.count && spans[lo].frames.contains(index) ? spans[lo] : nil
    }
}
