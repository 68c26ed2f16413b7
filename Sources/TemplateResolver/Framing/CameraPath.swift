import Foundation
import MediaTime
import Subjects
import TimelineModel

/// The virtual camera of a video clip framed smart: where its window is centred on each frame,
/// written as crop keyframes.
///
/// After MediaPipe's AutoFlip, the clip is cut into shots (at the media's shot changes, and where
/// a looped clip wraps to its start) and each shot gets a camera of its own:
///
/// ```
///  subject ·· ·· ·· ··          subject ·  · ·  ·  ·  ·
///  camera  ───────────          camera  ───╮    ╭─────
///          (stationary)                    ╰────╯ (following: bounded speed and acceleration)
///                       │cut: the camera may jump
/// ```
///
/// - **Stationary** when one window holds the subject (`SubjectFocus`) on every frame of the
///   shot: the window centred on the span the subject covers. The camera does not move at all.
/// - **Following** otherwise: the detections, read on the clip's own frames (so speed, reverse and
///   loop map source times to frames), are smoothed without lag (a zero-phase Gaussian), and a
///   camera with bounded speed and acceleration follows them, aiming a little ahead. It holds
///   still while the subject stays inside the window's margin (the dead zone), starts when it
///   would come nearer the edge, heads for the subject's centre, decelerating in time, and stops
///   once there (the hysteresis), so it never hunts or jitters.
///
/// Keyframes are written on the clip's frames: the first and last frame of each shot and, while
/// the camera moves, one every `FramingSettings.keyframeSpacing`; the renderer's monotone cubic
/// through them (`CropPath`) never overshoots, so still stretches stay still. The last keyframe of
/// one shot and the first of the next are one frame apart: the jump falls between two frames.
package enum CameraPath {
    /// What the camera needs of the clip.
    package struct Clip {
        var timelineDuration: RationalTime
        /// The source the clip plays; the camera follows subjects sampled within it.
        package var sourceRange: TimeRange
        /// Source seconds per timeline second, to turn subject times into the clip's times.
        package var speed: RationalTime
        /// True when the source plays backwards, so later clip times show earlier subjects.
        package var reverse: Bool
        /// True when the clip loops its source; times past the media's end wrap onto it.
        package var loop: Bool
        /// Length of the media; looped clips wrap their source times onto it.
        package var mediaDuration: RationalTime?

        /// The clip as `ClipBuilder` made it; `mediaDuration` nil for a photo or when unknown.
        package init(_ clip: VideoClip, mediaDuration: RationalTime?) {
            timelineDuration = clip.timelineRange.duration
            sourceRange = clip.sourceRange
            speed = clip.speed
            reverse = clip.reverse
            loop = clip.loop
            self.mediaDuration = mediaDuration
        }

        /// Source time shown at clip time `t`, wrapped when looped (as `VideoClip.sourceTime`).
        package func sourceTime(at t: RationalTime) -> RationalTime {
            let offset = t * speed
            var s = reverse ? sourceRange.end - offset - VideoClip.reversedEpsilon : sourceRange.start + offset
            if loop, let d = mediaDuration, d.isPositive, s >= d || s.isNegative {
                let cycles = (s / d).ticks(timescale: 1, rounding: .down)
                s = s - d * cycles
            }
            return s
        }
    }

    /// The crop path of `clip` over `subjects` at `rate`; empty when nothing was found anywhere
    /// (the centre).
    package static func keyframes(
        _ clip: Clip, subjects: MediaSubjects, window: CoverWindow, rate: FrameRate, settings: FramingSettings = .standard
    ) -> [CropKeyframe] {
        let count = Int(rate.frame(at: clip.timelineDuration, rounding: .up))
        guard count > 0 else { return [] }
        let source = (0..<count).map { clip.sourceTime(at: rate.time(ofFrame: Int64($0))) }
        let shots = source.map { shotIndex($0, subjects.shotChanges) }
        let focus = (0..<count).map { focusAt(source[$0], shot: shots[$0], subjects: subjects, window: window) }
        guard focus.contains(where: { $0 != nil }) else { return [] }

        // Shots on the clip's frames: a new one where the media's shot changes or the time wraps.
        let step = rate.frameDuration * clip.speed
        var starts = [0]
        for k in 1..<max(1, count) where shots[k] != shots[k - 1] || jumps(source[k - 1], source[k], step: step) {
            starts.append(k)
        }
        let spacing = max(1, Int(rate.frame(at: settings.keyframeSpacing, rounding: .down)))
        var keys: [CropKeyframe] = []
        for (i, first) in starts.enumerated() {
            let last = i + 1 < starts.count ? starts[i + 1] - 1 : count - 1
            let span = Array(focus[first...last])
            let xs = axis(span.map { $0.map { ($0.minX, $0.maxX) } }, window: window.width, rate: rate, settings: settings)
            let ys = axis(span.map { $0.map { ($0.minY, $0.maxY) } }, window: window.height, rate: rate, settings: settings)
            var shotKeys: [CropKeyframe] = []
            for j in 0..<span.count where j == 0 || j == span.count - 1 || j % spacing == 0 {
                shotKeys.append(CropKeyframe(time: rate.time(ofFrame: Int64(first + j)), x: rounded(xs[j]), y: rounded(ys[j])))
            }
            keys += withoutRests(shotKeys)
        }
        // One shot, one still window: one keyframe says it.
        if keys.allSatisfy({ $0.x == keys[0].x && $0.y == keys[0].y }) { return [CropKeyframe(time: .zero, x: keys[0].x, y: keys[0].y)] }
        return keys
    }

    /// Whether consecutive frames' source times are further apart than two steps: a loop's wrap.
    static func jumps(_ a: RationalTime, _ b: RationalTime, step: RationalTime) -> Bool {
        let d = b - a
        return max(d, -d) > step * 2
    }

    /// Keyframes inside a still stretch add nothing: the monotone cubic holds between equal ones.
    static func withoutRests(_ keys: [CropKeyframe]) -> [CropKeyframe] {
        guard keys.count > 2 else { return keys }
        var kept = [keys[0]]
        for i in 1..<(keys.count - 1) {
            let same = { (a: CropKeyframe, b: CropKeyframe) in a.x == b.x && a.y == b.y }
            if !(same(keys[i - 1], keys[i]) && same(keys[i], keys[i + 1])) { kept.append(keys[i]) }
        }
        kept.append(keys[keys.count - 1])
        return kept
    }

    /// Centres are written to 1/10000 of the picture (a fifth of a pixel of a 1920-wide one).
    package static func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

    /// Which shot a source time lies in: the number of shot changes at or before it.
    static func shotIndex(_ t: RationalTime, _ changes: [RationalTime]) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The focus at source time `t`: the samples on either side in the same shot, interpolated;
    /// the one of them in the shot, alone; nil when the shot has none near.
    static func focusAt(_ t: RationalTime, shot: Int, subjects: MediaSubjects, window: CoverWindow) -> SubjectFocus? {
        let samples = subjects.samples
        guard !samples.isEmpty else { return nil }
        var low = 0
        var high = samples.count
        while low < high {
            let mid = (low + high) / 2
            if samples[mid].time <= t { low = mid + 1 } else { high = mid }
        }
        let before = low > 0 ? low - 1 : nil
        let after = low < samples.count ? low : nil
        func inShot(_ i: Int?) -> Int? { i.flatMap { shotIndex(samples[$0].time, subjects.shotChanges) == shot ? $0 : nil } }
        let a = inShot(before).flatMap { i in SubjectFocus.of(samples[i].boxes, window: window).map { (i, $0) } }
        let b = inShot(after).flatMap { i in SubjectFocus.of(samples[i].boxes, window: window).map { (i, $0) } }
        switch (a, b) {
        case (let a?, let b?):
            let span = (samples[b.0].time - samples[a.0].time).seconds
            let f = span > 0 ? min(1, max(0, (t - samples[a.0].time).seconds / span)) : 0
            func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * f }
            return SubjectFocus(
                x: mix(a.1.x, b.1.x), y: mix(a.1.y, b.1.y), width: mix(a.1.width, b.1.width), height: mix(a.1.height, b.1.height),
                kind: a.1.kind, faces: a.1.faces)
        case (let a?, nil): return a.1
        case (nil, let b?): return b.1
        case (nil, nil): return nil
        }
    }

    /// The window's centre along one axis on each frame of a shot, from the subject's extent on
    /// each frame (nil where nothing is known) and the window's size along the axis.
    package static func axis(_ extent: [(Double, Double)?], window w: Double, rate: FrameRate, settings: FramingSettings) -> [Double] {
        let n = extent.count
        let lowest = w / 2
        let highest = 1 - w / 2
        func clamp(_ c: Double) -> Double { min(highest, max(lowest, c)) }
        guard w < 1 - 1e-9, let firstKnown = extent.firstIndex(where: { $0 != nil }) else {
            // Nothing to frame along this axis (or the window spans it): hold the centre.
            return Array(repeating: clamp(0.5), count: n)
        }
        // Unknown frames hold the nearest known extent before them (after, at the start).
        var filled: [(Double, Double)] = []
        var last = extent[firstKnown]!
        for e in extent {
            if let e { last = e }
            filled.append(last)
        }
        let lo = filled.map(\.0).min() ?? 0
        let hi = filled.map(\.1).max() ?? 1
        if hi - lo <= w + 1e-9 {
            return Array(repeating: clamp((lo + hi) / 2), count: n)
        }

        // Following: the subject's centre, smoothed without lag.
        let dt = rate.frameDuration.seconds
        let desired = gaussian(filled.map { clamp(($0.0 + $0.1) / 2) }, sigma: settings.smoothing / dt)
        let ahead = max(0, Int((settings.lookahead / dt).rounded()))
        let vmax = settings.maxSpeed * w
        let amax = settings.maxAcceleration * w
        let margin = settings.margin * w
        let settle = settings.settle * w
        var position = desired[min(n - 1, ahead)]
        var velocity = 0.0
        var moving = false
        var path: [Double] = []
        for k in 0..<n {
            let j = min(n - 1, k + ahead)
            let target = desired[j]
            // The subject ahead, as the window at `position` would hold it.
            let (a, b) = filled[j]
            let inside = a >= position - w / 2 + margin && b <= position + w / 2 - margin
            let error = target - position
            if !moving && !inside && abs(error) > settle { moving = true }
            if moving && abs(error) <= settle && abs(velocity) <= amax * dt { moving = false }
            let wanted = moving ? (error < 0 ? -1.0 : 1.0) * min(vmax, (2 * amax * max(0, abs(error) - settle / 2)).squareRoot()) : 0
            velocity += min(amax * dt, max(-amax * dt, wanted - velocity))
            position += velocity * dt
            if position < lowest || position > highest {
                position = clamp(position)
                velocity = 0
            }
            path.append(position)
        }
        return eased(path, sigma: settings.keyframeSpacing.seconds / 2 / dt)
    }

    /// The follower's path with its corners rounded (a Gaussian, which keeps its bounds on speed and
    /// acceleration), so the keyframes sampled from it interpolate smoothly; frames whose whole
    /// neighbourhood is still keep their exact value, so a still camera stays perfectly still.
    package static func eased(_ path: [Double], sigma: Double) -> [Double] {
        let smooth = gaussian(path, sigma: sigma)
        let reach = Int((3 * sigma).rounded(.up))
        return path.indices.map { k in
            let around = path[max(0, k - reach)...min(path.count - 1, k + reach)]
            return around.allSatisfy { $0 == path[k] } ? path[k] : smooth[k]
        }
    }

    /// `values` smoothed by a Gaussian of `sigma` samples, centred (no lag), the kernel cut at 3σ and
    /// renormalized at the ends.
    static func gaussian(_ values: [Double], sigma: Double) -> [Double] {
        guard sigma > 0.5, values.count > 2 else { return values }
        let reach = Int((3 * sigma).rounded(.up))
        let weights = (0...reach).map { d in exp(-Double(d * d) / (2 * sigma * sigma)) }
        return values.indices.map { i in
            var sum = 0.0
            var total = 0.0
            for j in max(0, i - reach)...min(values.count - 1, i + reach) {
                let w = weights[abs(j - i)]
                sum += w * values[j]
                total += w
            }
            return sum / total
        }
    }
}
