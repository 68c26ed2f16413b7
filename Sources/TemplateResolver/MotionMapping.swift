import EffectCatalog
import MediaTime
import TemplateFormat
import TimelineModel

/// Turns a template's motion (a catalog preset, or keyframes at fractions of the item's time) into
/// timeline keyframes at times from the clip's start.
///
/// The presets, for a picture in a frame `w × h` of the canvas with `a` its `amount`; offsets
/// never exceed `(a - 1) / 2` of the frame, so a cover-fitted picture always fills its frame:
///
/// | preset | scale | centre offset |
/// |---|---|---|
/// | `zoomIn` | 1 → a | 0 |
/// | `zoomOut` | a → 1 | 0 |
/// | `panLeft` | a | x: −m → +m (the view travels left, the picture right), m = (a − 1)/2 · w |
/// | `panRight` | a | x: +m → −m |
/// | `panUp` | a | y: −m → +m, m = (a − 1)/2 · h |
/// | `panDown` | a | y: +m → −m |
/// | `zoomPan` | 1 → a | (0, 0) → (−0.6 m, −0.6 m) |
/// | `none` | none | none |
///
/// Every preset moves linearly: a constant drift reads as a camera move, and it continues
/// smoothly through a transition into the next shot.
package enum MotionMapping {
    /// The gentle moves a photo gets when its slot names no motion, so that stills never sit dead.
    static let stillMotions = ["zoomIn", "panLeft", "zoomOut", "panRight"]
    static let stillAmount = 1.08

    /// `shift` is the item's exact start (as the template places it) minus its start on the frame
    /// grid: a keyframe written as a time keeps to that exact time of the video.
    package static func keyframes(_ spec: MotionSpec?, duration: RationalTime, frame: LayerRect, shift: RationalTime = .zero) -> [TransformKeyframe] {
        switch spec {
        case nil: return []
        case .preset(let kind, let parameters):
            var amount = 1.15
            if case .number(let a) = parameters["amount"] { amount = a }
            return preset(kind, amount: amount, duration: duration, frame: frame)
        case .keyframes(let poses):
            return poses.map { p in
                TransformKeyframe(
                    time: time(of: p.time, at: p.at, within: duration, shift: shift), scale: p.scale, x: p.x, y: p.y,
                    rotation: p.rotation, easing: p.easing)
            }
        }
    }

    /// The two keyframes of preset `kind` over `[0, d]`, `a` its zoom, offsets scaled to `frame`; empty for `none` or an unknown name.
    package static func preset(_ kind: String, amount a: Double, duration d: RationalTime, frame: LayerRect) -> [TransformKeyframe] {
        let mx = (a - 1) / 2 * frame.width
        let my = (a - 1) / 2 * frame.height
        func move(_ from: (Double, Double, Double), _ to: (Double, Double, Double)) -> [TransformKeyframe] {
            [TransformKeyframe(time: .zero, scale: from.0, x: from.1, y: from.2), TransformKeyframe(time: d, scale: to.0, x: to.1, y: to.2)]
        }
        switch kind {
        case "zoomIn": return move((1, 0, 0), (a, 0, 0))
        case "zoomOut": return move((a, 0, 0), (1, 0, 0))
        case "panLeft": return move((a, -mx, 0), (a, mx, 0))
        case "panRight": return move((a, mx, 0), (a, -mx, 0))
        case "panUp": return move((a, 0, -my), (a, 0, my))
        case "panDown": return move((a, 0, my), (a, 0, -my))
        case "zoomPan": return move((1, 0, 0), (a, -0.6 * mx, -0.6 * my))
        default: return []
        }
    }

    /// The time of a keyframe from the start of its item on the timeline: its exact `time` when
    /// written as one (moved by `shift`, kept within the item), else its fraction `at`.
    package static func time(of exact: RationalTime?, at fraction: Double, within duration: RationalTime, shift: RationalTime) -> RationalTime {
        guard let exact, let moved = exact.addingReportingOverflow(shift) else { return time(at: fraction, of: duration) }
        return moved.clamped(to: .zero, duration)
    }

    /// `at` (0...1 of the item) as an exact time: `at` is read to 1/10000 of the item's length.
    package static func time(at fraction: Double, of duration: RationalTime) -> RationalTime {
        let f = min(1, max(0, fraction))
        if f == 1 { return duration }
        return (try? duration.multiplied(by: RationalTime(value: Int64((f * 10_000).rounded()), timescale: 10_000))) ?? duration
    }
}

/// Turns a template's filters into timeline effects: numbers for every parameter, files joined to
/// the template folder.
///
/// A parameter with keyframes becomes timed keyframes over the item's `duration` (`at` 0...1 of
/// it), and its plain value is the one at the middle, for readers that draw one still.
package enum EffectMapping {
    /// `shift` as for `MotionMapping.keyframes`.
    package static func effects(_ specs: [EffectSpec], templateFolder: String, duration: RationalTime, shift: RationalTime = .zero) -> [Effect] {
        specs.map { effect($0, templateFolder: templateFolder, duration: duration, shift: shift) }
    }

    /// One filter as a timeline effect: its files joined to `templateFolder`, its keyframes timed over `duration` (`shift` as for motion).
    package static func effect(_ spec: EffectSpec, templateFolder: String, duration: RationalTime, shift: RationalTime = .zero) -> Effect {
        var numbers: [String: Double] = [:]
        var animation: [String: [EffectKeyframe]] = [:]
        var file: String?
        for (name, value) in spec.parameters {
            switch value {
            case .number(let x): numbers[name] = x
            case .keyframes(let keys):
                numbers[name] = self.value(keys, at: 0.5)
                var timed: [EffectKeyframe] = []
                for k in keys {
                    let t = MotionMapping.time(of: k.time, at: k.at, within: duration, shift: shift)
                    if let last = timed.last, t <= last.time { continue }
                    timed.append(EffectKeyframe(time: t, value: k.value, easing: k.easing))
                }
                if timed.count > 1 { animation[name] = timed }
            case .file(let path): file = AssetPath.join(templateFolder, path)
            case .color: break
            }
        }
        return Effect(kind: spec.kind, parameters: numbers, file: file, animation: animation)
    }

    /// A media layer's key as the clip's: its colour, and every number parameter (a template built
    /// in code may leave some out: the timeline says every one, as read).
    package static func key(_ spec: EffectSpec) -> ClipKey {
        let entry = Catalog.entry(.key, spec.kind)
        var numbers: [String: Double] = [:]
        var color = entry?.parameters.lazy.compactMap(\.defaultColor).first.flatMap(RGBColor.init(hex:)) ?? RGBColor(red: 0, green: 255, blue: 0)
        for (name, value) in spec.parameters {
            switch value {
            case .number(let x): numbers[name] = x
            case .keyframes(let keys): numbers[name] = self.value(keys, at: 0.5)
            case .color(let c): color = c
            case .file: break
            }
        }
        for p in entry?.parameters ?? [] where numbers[p.name] == nil {
            if let d = p.defaultValue, p.range != nil { numbers[p.name] = d }
        }
        return ClipKey(kind: spec.kind, color: color, parameters: numbers)
    }

    /// The value of keyframes at fraction `at`: the first before them, the last after them, eased between.
    package static func value(_ keys: [ValueKeyframe], at: Double) -> Double {
        let span = KeyframeSpan.locate(keys, isAfter: { $0.at > at }, fraction: { (at - $0.at) / ($1.at - $0.at) }, easing: \.easing)
        return KeyframeSpan.value(keys, span, \.value)
    }
}
