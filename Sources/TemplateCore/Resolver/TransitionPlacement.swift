import MediaTime

/// Places each slot's transition on the cut after it, on the frame grid, and checks its handles.
///
/// The rule: a transition written `d` long covers `n = round(d × rate)` frames (half a frame
/// rounds up), at most half of the shorter clip beside it; `⌊n/2⌋` frames before the cut and the
/// rest after it. The cut itself never moves, so the video's length does not depend on transitions.
///
/// During the frames before the cut the next clip already shows, so it needs source frames before
/// its in-point; after the cut the previous clip still shows, so it needs frames after its
/// out-point. These are the handles. Photos, looping clips and clips already holding their last
/// frame have unlimited handles. When a video has too few, the transition shrinks (staying centred
/// as far as the frames allow) to the largest `n'` that fits, `n' = min(n, 2·before + 1, 2·after)`,
/// and a warning (R006) says so; below two frames it becomes a cut.
///
/// ```
///                cut
///   A  ══════════╪─────▸      A's frames after its out-point: `after` frames needed
///         ◂──────╪══════ B    B's frames before its in-point: `before` frames needed
///         [ before | after ]
/// ```
enum TransitionPlacement {
    /// What the placer needs to know of a main-track clip.
    struct Neighbour {
        var clip: VideoClip
        /// Length of the media, for a video; nil for a photo.
        var mediaDuration: RationalTime?
        var holdsLastFrame: Bool
    }

    /// Frames before and after the cut a transition spec asks for, before handle checks.
    static func frames(_ spec: TransitionSpec?, rate: FrameRate) -> (before: Int64, after: Int64) {
        guard let spec, spec.kind != "cut", spec.duration.isPositive else { return (0, 0) }
        let n = max(0, rate.frame(at: spec.duration, rounding: .toNearestOrAwayFromZero))
        return (n / 2, n - n / 2)
    }

    /// The transition between `a` and `b` (in that order), or nil for a cut; a diagnostic when the
    /// handles made it shorter.
    static func place(
        _ spec: TransitionSpec?, from a: Neighbour, to b: Neighbour, rate: FrameRate, templateFolder: String,
        location: SourceLocation
    ) -> (Transition?, Diagnostic?) {
        let wanted = frames(spec, rate: rate)
        guard let spec, wanted.before + wanted.after > 0 else { return (nil, nil) }
        let framesA = a.clip.timelineRange.frames(at: rate).count
        let framesB = b.clip.timelineRange.frames(at: rate).count
        let n = min(wanted.before + wanted.after, Int64(min(framesA, framesB) / 2))
        let handleBefore = handleFrames(before: true, b, rate: rate)
        let handleAfter = handleFrames(before: false, a, rate: rate)
        var fitted = n
        if let hb = handleBefore { fitted = min(fitted, 2 * hb + 1) }
        if let ha = handleAfter { fitted = min(fitted, 2 * ha) }
        var diagnostic: Diagnostic?
        if fitted < n {
            var short: [String] = []
            if let ha = handleAfter, ha < n - n / 2 { short.append("\(a.clip.media) has \(ha) frames after its out-point, \(n - n / 2) needed") }
            if let hb = handleBefore, hb < n / 2 { short.append("\(b.clip.media) has \(hb) frames before its in-point, \(n / 2) needed") }
            let what = fitted < 2 ? "became a cut" : "shortened from \(n) to \(fitted) frames"
            diagnostic = Diagnostic(
                .warning, .transitionShortened,
                "the \(spec.kind) between '\(a.clip.id)' and '\(b.clip.id)' \(what): \(short.joined(separator: "; "))",
                at: location, notes: ["use longer clips, or a shorter transition"])
        }
        guard fitted >= 2 else { return (nil, diagnostic) }
        let cut = rate.frame(at: a.clip.timelineRange.end, rounding: .toNearestOrAwayFromZero)
        let range = TimeRange(start: rate.time(ofFrame: cut - fitted / 2), end: rate.time(ofFrame: cut - fitted / 2 + fitted))
        var numbers: [String: Double] = [:]
        var mask: String?
        for (name, value) in spec.parameters {
            switch value {
            case .number(let x): numbers[name] = x
            case .keyframes(let keys): numbers[name] = EffectMapping.value(keys, at: 0.5)
            case .file(let path): mask = AssetPath.join(templateFolder, path)
            }
        }
        // A template built in code may leave numbers out: the timeline says every one, as read.
        for p in Catalog.entry(.transition, spec.kind)?.parameters ?? [] where numbers[p.name] == nil {
            if let d = p.defaultValue, p.range != nil { numbers[p.name] = d }
        }
        return (
            Transition(
                kind: spec.kind, from: a.clip.id, to: b.clip.id, range: range, easing: spec.easing,
                parameters: numbers, mask: mask), diagnostic
        )
    }

    /// Whole frames of source a clip has before its in-point (`before`) or after its out-point;
    /// nil when unlimited.
    static func handleFrames(before: Bool, _ n: Neighbour, rate: FrameRate) -> Int64? {
        let clip = n.clip
        guard clip.kind == .video, let duration = n.mediaDuration, !clip.loop, !n.holdsLastFrame else { return nil }
        // Playing forwards, frames before the in-point lie before the source range; reversed, after it.
        let towardStart = before != clip.reverse
        let spare = towardStart ? clip.sourceRange.start : duration - clip.sourceRange.end
        guard spare.isPositive, let timeline = try? spare.divided(by: clip.speed) else { return 0 }
        return rate.frame(at: timeline, rounding: .down)
    }
}
