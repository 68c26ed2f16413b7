import MediaTime
import Subjects
import TimelineModel

/// How a photo is framed smart: one window on its subject, and a Ken Burns drift toward it.
///
/// The window is centred on the photo's focus (`SubjectFocus`: the faces that fit, else the
/// salient region; nothing found, the centre). The drift starts on that window at scale 1 and
/// ends zoomed in by the still-motion amount with the picture shifted so the subject comes toward
/// the centre of the frame, within the offsets that keep every edge hidden (as the presets of
/// `MotionMapping`). Poses move linearly, so the subject's box stays in view all along when it is
/// in view at both ends (the edges of the view move monotonically); when the full amount would
/// push it out, smaller ones are tried, and a subject no zoom keeps in view gets none.
package enum PhotoFraming {
    /// The focus of the photo's first sample for `window`.
    package static func focus(_ subjects: MediaSubjects, window: CoverWindow) -> SubjectFocus? {
        subjects.samples.first.flatMap { SubjectFocus.of($0.boxes, window: window) }
    }

    /// The photo's crop path: one keyframe, at its focus; empty (the centre) without one.
    package static func crop(_ focus: SubjectFocus?, window: CoverWindow) -> [CropKeyframe] {
        guard let focus else { return [] }
        let c = focus.centre(in: window)
        return [CropKeyframe(time: .zero, x: CameraPath.rounded(c.x), y: CameraPath.rounded(c.y))]
    }

    static let amounts = [MotionMapping.stillAmount, 1.06, 1.04, 1.02]

    /// The drift toward `focus` over `duration`, for a clip in `frame` of the canvas; nil when no
    /// zoom keeps the focus in view (or there is no focus: the caller keeps its preset).
    static func drift(toward focus: SubjectFocus?, window: CoverWindow, duration: RationalTime, frame: LayerRect) -> [TransformKeyframe]? {
        guard let focus else { return nil }
        let c = focus.centre(in: window)
        // The focus in frame units: 0 is the frame's centre, ±0.5 its edges.
        let box = (
            minX: (focus.minX - c.x) / window.width, maxX: (focus.maxX - c.x) / window.width,
            minY: (focus.minY - c.y) / window.height, maxY: (focus.maxY - c.y) / window.height
        )
        let p = (x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2)
        for a in amounts {
            let limit = (a - 1) / 2
            let o = (x: min(limit, max(-limit, -a * p.x)), y: min(limit, max(-limit, -a * p.y)))
            // In view at scale a and offset o: o + a·q within ±0.5 for every point q of the box.
            let fits =
                o.x + a * box.minX >= -0.5 - 1e-9 && o.x + a * box.maxX <= 0.5 + 1e-9
                && o.y + a * box.minY >= -0.5 - 1e-9 && o.y + a * box.maxY <= 0.5 + 1e-9
            guard fits else { continue }
            return [
                TransformKeyframe(time: .zero),
                TransformKeyframe(
                    time: duration, scale: a, x: CameraPath.rounded(o.x * frame.width), y: CameraPath.rounded(o.y * frame.height)),
            ]
        }
        return []
    }
}
