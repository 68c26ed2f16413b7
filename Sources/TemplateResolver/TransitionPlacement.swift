import DocumentJSON
import DocumentLimits
import EffectCatalog
import MediaTime
import TemplateFormat
import TimelineModel

/// Places each slot's transition on the cut after it, on the frame grid, and checks its handles.
///
/// The rule: a transition written `d` long covers `n = round(d × rate)` frames (half a frame
/// rounds up), at most half of the shorter clip beside it (`TransitionDuration`, the one statement
/// of a transition's duration rules); `⌊n/2⌋` frames before the cut and the
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
package enum TransitionPlacement {
    /// What the placer needs to know of a main-track clip.
    package struct Neighbour {
        /// The clip as placed on the main track: its source range tells how many frames lie beyond its cuts.
        package var clip: VideoClip
        /// Length of the media, for a video; nil for a photo.
        package var mediaDuration: RationalTime?
        /// True when the clip holds its last frame; such a clip is not measured for handles (it never shortens a transition).
        package var holdsLastFrame: Bool

        /// `mediaDuration` nil for a photo, which has every frame a transition needs.
        package init(clip: VideoClip, mediaDuration: RationalTime? = nil, holdsLastFrame: Bool) {
            self.clip = clip
            self.mediaDuration = mediaDuration
            self.holdsLastFrame = holdsLastFrame
        }
    }

    /// Frames before and after the cut a transition spec asks for, before handle checks.
    package static func frames(_ spec: TransitionSpec?, rate: FrameRate) -> (before: Int64, after: Int64) {
        guard let spec, spec.kind != "cut", spec.duration.isPositive else { return (0, 0) }
        let n = max(0, rate.frame(at: spec.duration, rounding: .toNearestOrAwayFromZero))
        return (n / 2, n - n / 2)
    }

    /// The transition between `a` and `b` (in that order), or nil for a cut; a diagnostic when the
    /// handles made it shorter.
    package static func place(
        _ spec: TransitionSpec?, from a: Neighbour, to b: Neighbour, rate: FrameRate, templateFolder: String,
        location: SourceLocation
    ) -> (Transition?, Diagnostic?) {
        let wanted = frames(spec, rate: rate)
        guard let spec, wanted.before + wanted.after > 0 else { return (nil, nil) }
        let fit = fit(wanted.before + wanted.after, from: a, to: b, rate: rate)
        let n = fit.unhandled
        let fitted = fit.frames
        var diagnostic: Diagnostic?
        if fitted < n {
            let what = fitted < 2 ? "became a cut" : "shortened from \(n) to \(fitted) frames"
            diagnostic = Diagnostic(
                .warning, .transitionShortened,
                "the \(spec.kind) between '\(a.clip.id)' and '\(b.clip.id)' \(what): \(fit.shortages.map { $0.note($0.clip.media) }.joined(separator: "; "))",
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
            case .color: break
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

    /// How long a transition may last on one cut, and why it is shorter than asked.
    public struct Fit: Equatable {
        /// Frames it may last: under 2, the cut is a straight cut.
        package var frames: Int64
        /// Frames it may last before the handles are counted (the limit and the clips' lengths).
        var unhandled: Int64
        /// Why the clips' lengths made it shorter, when they did.
        package var lengthNote: String?
        /// The clips whose handles made it shorter.
        package var shortages: [Shortage]
    }

    /// A clip with fewer frames beyond its source range than a transition needs.
    package struct Shortage: Equatable {
        /// The clip short of frames, as placed.
        package var clip: VideoClip
        /// Frames before its in-point (the clip after the cut), or after its out-point.
        var beforeInPoint: Bool
        /// Frames the clip has on that side of its cut.
        package var has: Int64
        /// Frames the transition needs on that side at its written length.
        package var needs: Int64

        /// In words, naming the clip `name`.
        package func note(_ name: String) -> String {
            "\(name) has \(has) frames \(beforeInPoint ? "before its in-point" : "after its out-point"), \(needs) needed"
        }
    }

    /// The longest a transition asking for `wanted` frames may last on the cut from `a` to `b`:
    /// at most `Limits.maxTransition`, half of the shorter clip beside it (T053), and what the
    /// handles allow, `2·before + 1` and `2·after` frames, centred on the cut. The one rule by
    /// which the resolver places a template's transitions and the editor keeps a cut's transition
    /// when other clips come to meet there.
    package static func fit(_ wanted: Int64, from a: Neighbour, to b: Neighbour, rate: FrameRate) -> Fit {
        let framesA = a.clip.timelineRange.frames(at: rate).count
        let framesB = b.clip.timelineRange.frames(at: rate).count
        let half = TransitionDuration.halfOfShorterFrames(Int64(framesA), Int64(framesB))
        let n = min(wanted, TransitionDuration.longestFrames(between: Int64(framesA), and: Int64(framesB), rate: rate))
        let lengthNote = n < wanted && n == half ? "half of the shorter clip beside it is \(half) frames" : nil
        let handleBefore = handleFrames(before: true, b, rate: rate)
        let handleAfter = handleFrames(before: false, a, rate: rate)
        var fitted = n
        if let hb = handleBefore { fitted = min(fitted, 2 * hb + 1) }
        if let ha = handleAfter { fitted = min(fitted, 2 * ha) }
        var short: [Shortage] = []
        if fitted < n {
            if let ha = handleAfter, ha < n - n / 2 { short.append(Shortage(clip: a.clip, beforeInPoint: false, has: ha, needs: n - n / 2)) }
            if let hb = handleBefore, hb < n / 2 { short.append(Shortage(clip: b.clip, beforeInPoint: true, has: hb, needs: n / 2)) }
        }
        return Fit(frames: max(0, fitted), unhandled: n, lengthNote: lengthNote, shortages: short)
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
