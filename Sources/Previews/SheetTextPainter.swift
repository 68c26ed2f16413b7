import MediaIO
import PixelKernels
import RenderCore

/// Sets short lines of text (labels, headers) on a picture with the project's own text rendering.
///
/// The same FreeType/HarfBuzz path as the titles in videos, so the sheet needs no other font
/// machinery, and any script a template's slot names use is drawn.
final class SheetTextPainter {
    private let rasterizer: TextRasterizer

    init() throws(FileAccessError) {
        rasterizer = try TextRasterizer()
    }

    /// Draws `text` on one line with its block's top-left at (x, y), shrunk (to 70 %) or cut to fit `maxWidth`.
    func draw(
        _ text: String, on picture: Picture, x: Int, y: Int, maxWidth: Int, size: Double,
        color: RGBAColor, bold: Bool = false
    ) throws(FileAccessError) {
        guard !text.isEmpty, maxWidth > 8 else { return }
        let style = TextLook(
            fontFamily: bold ? "DejaVu Sans:bold" : "DejaVu Sans", size: size, minimumSize: size * 0.7,
            color: color, alignment: .left, lineSpacing: 1.2)
        var line = text
        var rendered = try rasterizer.render(line, style: style, maxWidth: nil)
        // Cut long lines with an ellipsis rather than wrap: a label band has room for its lines only.
        while rendered.block.width > Double(maxWidth), line.count > 1 {
            let measured = try rasterizer.measure(line, style: style)
            let keep = max(1, Int(Double(line.count) * Double(maxWidth) / max(measured.width, 1)) - 1)
            line = String(line.prefix(min(keep, line.count - 1))) + "…"
            rendered = try rasterizer.render(line, style: style, maxWidth: nil)
            if keep == 1 { break }
        }
        let image = rendered.image
        guard image.width > 0, image.height > 0 else { return }
        Compositor.blend(image, onto: picture, x: x - Int(rendered.block.x.rounded()), y: y - Int(rendered.block.y.rounded()), opacity: 1)
    }

    /// Draws one line of white text centred horizontally on the picture, its block centred on `centreY`.
    func centred(_ text: String, on picture: Picture, centreY: Int, size: Double, bold: Bool) throws(FileAccessError) {
        let style = TextLook(
            fontFamily: bold ? "DejaVu Sans:bold" : "DejaVu Sans", size: size, minimumSize: size * 0.3,
            color: .white, alignment: .center, lineSpacing: 1.1)
        let rendered = try rasterizer.render(text, style: style, maxWidth: picture.width * 9 / 10)
        let block = rendered.block
        let x = (picture.width - Int(block.width.rounded())) / 2 - Int(block.x.rounded())
        let y = centreY - Int((block.height / 2).rounded()) - Int(block.y.rounded())
        Compositor.blend(rendered.image, onto: picture, x: x, y: y, opacity: 1)
    }
}
