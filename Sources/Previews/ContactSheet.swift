import MediaIO
import RenderCore

/// A contact sheet being drawn: one 4:2:0 picture holding the header, the cells and their labels.
///
/// Cells are drawn straight into their place by the caller (a renderer or a scaler writes into a
/// cell-sized picture, copied here at an even offset), so nothing is scaled twice. The sheet is
/// converted to RGB once, when it is written as a PNG.
public final class ContactSheet {
    /// The grid the sheet was made for; `place` and `label` find each cell's position in it.
    package let layout: SheetLayout
    /// The 4:2:0 sheet itself; callers draw cells straight into it at even offsets.
    package let picture: Picture
    private let text: SheetTextPainter
    static let labelColor = RGBAColor(red: 214, green: 214, blue: 218)
    static let dimColor = RGBAColor(red: 150, green: 150, blue: 158)
    static let titleColor = RGBAColor(red: 255, green: 255, blue: 255)

    /// Fills the whole sheet with `background`; throws when the label font cannot be loaded.
    package init(layout: SheetLayout, background: RGBColor) throws(FileAccessError) {
        self.layout = layout
        picture = Picture(width: layout.width, height: layout.height)
        picture.fill(red: background.red, green: background.green, blue: background.blue)
        text = try SheetTextPainter()
    }

    /// A picture of one cell's size, to render into before `place`.
    func makeCellPicture() -> Picture { Picture(width: layout.cellWidth, height: layout.cellHeight) }

    /// Copies `cell` (cell-sized) into its place.
    package func place(_ cell: Picture, at index: Int) {
        let origin = layout.cellOrigin(index)
        let w = min(cell.width, layout.cellWidth)
        let h = min(cell.height, layout.cellHeight)
        for row in 0..<h {
            (picture.y + (origin.y + row) * picture.lumaStride + origin.x).update(from: cell.y + row * cell.lumaStride, count: w)
        }
        let cx = origin.x / 2
        let cy = origin.y / 2
        for row in 0..<(h + 1) / 2 {
            (picture.u + (cy + row) * picture.chromaStride + cx).update(from: cell.u + row * cell.chromaStride, count: (w + 1) / 2)
            (picture.v + (cy + row) * picture.chromaStride + cx).update(from: cell.v + row * cell.chromaStride, count: (w + 1) / 2)
        }
    }

    /// Writes the label lines under cell `index`: the first bright, the others dimmer.
    package func label(_ lines: [String], at index: Int) throws(FileAccessError) {
        let origin = layout.cellOrigin(index)
        let size = layout.labelSize
        var y = origin.y + layout.cellHeight + Int(size * 0.35)
        for (i, line) in lines.enumerated() {
            try text.draw(
                line, on: picture, x: origin.x + 2, y: y, maxWidth: layout.cellWidth - 4, size: size,
                color: i == 0 ? Self.labelColor : Self.dimColor, bold: i == 0)
            y += Int((size * 1.35).rounded())
        }
    }

    /// Writes the header: a title, then detail lines.
    package func header(title: String, details: [String]) throws(FileAccessError) {
        guard layout.headerHeight > 0 else { return }
        let size = layout.labelSize
        let x = layout.cellOrigin(0).x + 2
        let maxWidth = layout.width - 2 * x
        var y = layout.gap + Int(size * 0.3)
        try text.draw(title, on: picture, x: x, y: y, maxWidth: maxWidth, size: size * 1.5, color: Self.titleColor, bold: true)
        y += Int((size * 1.9).rounded())
        for line in details {
            try text.draw(line, on: picture, x: x, y: y, maxWidth: maxWidth, size: size, color: Self.labelColor)
            y += Int((size * 1.45).rounded())
        }
    }

    /// The finished sheet as sRGB.
    package func image() -> RGBAImage { picture.rgbaImage() }

    /// Writes the sheet as a PNG, atomically.
    package func write(to path: String) throws(FileAccessError) {
        try PNGFile.write(image(), to: path)
    }
}
