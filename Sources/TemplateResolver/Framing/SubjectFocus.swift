import Subjects

/// What a window should keep of one moment's detections: the faces that fit together, else the
/// salient region.
///
/// Faces come largest first; the largest is always kept, and each next one joins when the box
/// around all kept faces still fits the window (a face that does not fit is skipped, a smaller one
/// after it may still join). With no face the first salient region is kept; with neither, nothing.
package struct SubjectFocus: Sendable, Hashable {
    /// The box around everything kept, in fractions of the picture as displayed.
    package var x: Double
    /// Top edge, as a fraction of the displayed picture's height.
    package var y: Double
    /// Width, as a fraction of the displayed picture's width; never more than the window's once faces are joined.
    package var width: Double
    /// Height, as a fraction of the displayed picture's height.
    package var height: Double
    /// What the box holds.
    package var kind: SubjectBox.Kind
    /// How many faces it holds (0 for a salient region).
    package var faces: Int

    /// Left edge of the kept box, in picture fractions: what a window must not cut.
    package var minX: Double { x }
    /// Right edge of the kept box, in picture fractions.
    package var maxX: Double { x + width }
    /// Top edge of the kept box, in picture fractions.
    package var minY: Double { y }
    /// Bottom edge of the kept box, in picture fractions.
    package var maxY: Double { y + height }
    /// Horizontal centre, in picture fractions: where the window is centred when it can be.
    package var centerX: Double { x + width / 2 }
    /// Vertical centre, in picture fractions.
    package var centerY: Double { y + height / 2 }

    /// The box in fractions of the displayed picture; `faces` is 0 for a salient region.
    package init(x: Double, y: Double, width: Double, height: Double, kind: SubjectBox.Kind, faces: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.kind = kind
        self.faces = faces
    }

    /// The focus of `boxes` (faces first, largest first, then salient regions) for `window`; nil
    /// when there is nothing to keep.
    package static func of(_ boxes: [SubjectBox], window: CoverWindow) -> SubjectFocus? {
        let faces = boxes.filter { $0.kind == .face && $0.width > 0 && $0.height > 0 }.sorted { $0.area > $1.area }
        if let first = faces.first {
            var kept = SubjectFocus(box: first)
            for face in faces.dropFirst() {
                let joined = kept.joined(with: face)
                if joined.width <= window.width + 1e-9 && joined.height <= window.height + 1e-9 { kept = joined }
            }
            return kept
        }
        if let salient = boxes.first(where: { $0.kind == .salient && $0.width > 0 && $0.height > 0 }) {
            return SubjectFocus(box: salient)
        }
        return nil
    }

    init(box: SubjectBox) {
        self.init(x: box.x, y: box.y, width: box.width, height: box.height, kind: box.kind, faces: box.kind == .face ? 1 : 0)
    }

    func joined(with box: SubjectBox) -> SubjectFocus {
        let left = min(minX, box.x)
        let top = min(minY, box.y)
        let right = max(maxX, box.x + box.width)
        let bottom = max(maxY, box.y + box.height)
        return SubjectFocus(x: left, y: top, width: right - left, height: bottom - top, kind: .face, faces: faces + 1)
    }

    /// The window centre that keeps this box best: its centre, moved in so the window stays on
    /// the picture.
    package func centre(in window: CoverWindow) -> (x: Double, y: Double) {
        window.clamped(x: centerX, y: centerY)
    }

    /// Whether the box lies wholly inside `window` centred at `x`, `y`.
    package func isInside(_ window: CoverWindow, x cx: Double, y cy: Double, tolerance: Double = 1e-9) -> Bool {
        minX >= cx - window.width / 2 - tolerance && maxX <= cx + window.width / 2 + tolerance
            && minY >= cy - window.height / 2 - tolerance && maxY <= cy + window.height / 2 + tolerance
    }
}
