import CVision
import MediaIO
import Subjects

/// Outlines of found subjects drawn over a picture, to show what the analysis saw: faces in
/// green, salient regions in yellow.
package enum SubjectMarks {
    static let faceColor = YCbCr(red: 0, green: 230, blue: 60)
    static let salientColor = YCbCr(red: 255, green: 210, blue: 0)

    /// Draws `boxes` (fractions of the displayed picture) over the part `rect` of `picture` that
    /// shows it, with lines about a hundred-and-fiftieth of the rectangle's longest side wide.
    package static func draw(_ boxes: [SubjectBox], on picture: Picture, in rect: PixelRect) {
        let thickness = max(2, max(rect.width, rect.height) / 150)
        for box in boxes {
            let color = box.kind == .face ? faceColor : salientColor
            let x = rect.x + Int((box.x * Double(rect.width)).rounded())
            let y = rect.y + Int((box.y * Double(rect.height)).rounded())
            let w = max(1, Int((box.width * Double(rect.width)).rounded()))
            let h = max(1, Int((box.height * Double(rect.height)).rounded()))
            _ = reel_draw_box(
                picture.y, Int32(picture.width), Int32(picture.height), Int32(picture.lumaStride), Int32(x), Int32(y), Int32(w), Int32(h),
                Int32(color.y), Int32(thickness))
            for (plane, value) in [(picture.u, color.cb), (picture.v, color.cr)] {
                _ = reel_draw_box(
                    plane, Int32(picture.chromaWidth), Int32(picture.chromaHeight), Int32(picture.chromaStride), Int32(x / 2), Int32(y / 2),
                    Int32(max(1, w / 2)), Int32(max(1, h / 2)), Int32(value), Int32(max(1, thickness / 2)))
            }
        }
    }
}
