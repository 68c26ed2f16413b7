import MediaTime

/// What to draw for one output frame: the visible layers, bottom first.
public struct FramePlan: Sendable, Hashable {
    public var layers: [LayerPlan]
}

/// One picture to draw: which clip, which instant of its media.
public struct LayerPlan: Sendable, Hashable {
    /// Index into `Timeline.clips`.
    public var clipIndex: Int
    /// Source time to show; for a still image, the time since the clip began (for motion).
    public var sourceTime: RationalTime
}

/// Says, for every output frame, what is visible: the pure half of rendering.
///
/// The timeline is cut ahead of time into spans of frames over which the set of visible clips is
/// constant, so planning a frame is a binary search and never a scan of the timeline. Export and
/// previews plan through this one type, so a preview cannot drift from the video.
public struct FramePlanner: Sendable {
    public let timeline: Timeline
    /// Frame spans `[start, end)` with the clips visible in each.
    public let spans: [(frames: Range<Int64>, clips: [Int])]

    public init(timeline: Timeline) {
        self.timeline = timeline
        let rate = timeline.frameRate
        var bounds = Set<Int64>([0, timeline.frameCount])
        var clipFrames: [Range<Int64>] = []
        for clip in timeline.clips {
            let r = clip.timelineRange.frames(at: rate)
            clipFrames.append(r)
            bounds.insert(max(0, min(r.lowerBound, timeline.frameCount)))
            bounds.insert(max(0, min(r.upperBound, timeline.frameCount)))
        }
        let sorted = bounds.sorted()
        var spans: [(Range<Int64>, [Int])] = []
        for (a, b) in zip(sorted, sorted.dropFirst()) where a < b {
            let visible = clipFrames.indices.filter { clipFrames[$0].lowerBound <= a && a < clipFrames[$0].upperBound }
            spans.append((a..<b, visible))
        }
        self.spans = spans
    }

    /// The layers of output frame `index` (0-based).
    public func plan(frame index: Int64) -> FramePlan {
        guard let span = span(containing: index) else { return FramePlan(layers: []) }
        let t = timeline.frameRate.time(ofFrame: index)
        let layers = span.clips.map { i -> LayerPlan in
            let clip = timeline.clips[i]
            let sourceTime = clip.kind == .image ? t - clip.timelineRange.start : clip.sourceTime(at: t)
            return LayerPlan(clipIndex: i, sourceTime: sourceTime)
        }
        return FramePlan(layers: layers)
    }

    private func span(containing index: Int64) -> (frames: Range<Int64>, clips: [Int])? {
        var lo = 0, hi = spans.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if spans[mid].frames.upperBound <= index { lo = mid + 1 } else { hi = mid }
        }
        return lo < spans.count && spans[lo].frames.contains(index) ? spans[lo] : nil
    }
}
