import MediaIO
import RenderCore
import TimelineModel

/// Contact sheets of timelines, drawn by the render core itself at thumbnail size.
///
/// Each cell is the output frame `FrameRenderer` draws for export, rendered straight at the cell's
/// size, so fit, motion, filters, texts, overlays and the grade look as they will in the video,
/// and only the source frames those cells show are decoded.
package enum TimelineSheet {
    /// Draws the sheet; write it with `ContactSheet.write(to:)`.
    /// - Parameter baseFolder: folder relative media paths are resolved against.
    package static func make(
        _ timeline: Timeline, baseFolder: String? = nil, header: SheetHeader?, selection: SheetSelection,
        options: SheetLayoutOptions = SheetLayoutOptions()
    ) throws -> ContactSheet {
        let cells = try SheetCells.cells(for: timeline, selection: selection)
        let aspect = Double(timeline.canvas.width) / Double(max(1, timeline.canvas.height))
        let layout = try SheetLayout(
            cells: cells.count, aspect: aspect, options: options,
            labelLines: cells.map(\.lines.count).max() ?? 0, headerLines: header.map { 1 + $0.details.count } ?? 0)
        let sheet = try ContactSheet(layout: layout, background: options.background)
        let renderer = FrameRenderer(
            timeline: timeline, baseFolder: baseFolder, width: layout.cellWidth, height: layout.cellHeight, fast: true,
            economy: .skimming)
        let cell = renderer.makePicture()
        // In time order, so each source is read forward (a decoder seeks back only when it must).
        for (i, c) in cells.enumerated() {
            try renderer.render(frame: c.frame, into: cell)
            sheet.place(cell, at: i)
            try sheet.label(c.lines, at: i)
        }
        if let header { try sheet.header(title: header.title, details: header.details) }
        return sheet
    }
}
