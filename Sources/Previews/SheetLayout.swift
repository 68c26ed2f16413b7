import Appearance
import RenderCore

/// What a person may choose about a contact sheet's layout; nil leaves the choice to `SheetLayout`.
public struct SheetLayoutOptions: Sendable, Hashable {
    /// Number of columns.
    package var columns: Int?
    /// Number of rows; with `columns`, fixes the grid (and, for evenly spaced cells, their number).
    package var rows: Int?
    /// Width of the whole sheet in pixels.
    package var width: Int?
    /// Colour behind the cells.
    package var background: RGBColor

    /// Nil fields are chosen from the canvas shape and the number of cells (see `SheetLayout`).
    public init(columns: Int? = nil, rows: Int? = nil, width: Int? = nil, background: RGBColor = SheetLayoutOptions.defaultBackground) {
        self.columns = columns
        self.rows = rows
        self.width = width
        self.background = background
    }

    /// A dark grey: pictures read best on it, and it is not the black of a black frame.
    public static let defaultBackground = RGBColor(red: 24, green: 24, blue: 27)

    /// The number of cells a fixed grid asks for, or nil when the grid is not fixed.
    package var gridCellCount: Int? {
        guard let columns, let rows else { return nil }
        // Past Int: more cells than any sheet takes, refused as such by the layout.
        let (cells, overflow) = columns.multipliedReportingOverflow(by: rows)
        return overflow ? Int.max : cells
    }
}

/// Where everything goes on a contact sheet: header band, then rows of cells, each with its label band.
///
/// Every position and size is even, because the sheet is a 4:2:0 picture and a cell copied at an
/// odd position would shift its chroma by half a pixel. Defaults follow the canvas shape: narrow
/// portrait cells need more columns than wide landscape ones for the sheet to read at a glance.
package struct SheetLayout: Sendable, Hashable {
    /// Largest width or height of a sheet in pixels, so a sheet stays an image viewers open.
    package static let maxSide = 8192
    /// Most cells on one sheet; also caps how many times an interval selection may pick.
    package static let maxCells = 400

    /// Cells per row.
    package let columns: Int
    /// Rows of cells; the last may be partly empty.
    package let rows: Int
    let cellWidth: Int
    let cellHeight: Int
    /// Height of the text band under each cell.
    let labelHeight: Int
    let headerHeight: Int
    /// Space around the sheet and between cells.
    package let gap: Int
    /// Width of the whole sheet in pixels, even.
    package let width: Int
    /// Height of the whole sheet in pixels, even and at most `maxSide`.
    package let height: Int
    /// Font size of labels, in pixels; the header uses larger sizes derived from it.
    let labelSize: Double

    /// - Parameters:
    ///   - cells: number of cells to place.
    ///   - aspect: width over height of one cell's picture (the canvas or the video).
    ///   - labelLines: lines of text under each cell (0 for none).
    ///   - headerLines: lines of the header (0 for none; the first is the title).
    package init(cells: Int, aspect: Double, options: SheetLayoutOptions, labelLines: Int, headerLines: Int) throws(PreviewError) {
        guard cells > 0 else { throw PreviewError.layout("there is nothing to show (no cells)") }
        guard cells <= Self.maxCells else { throw PreviewError.layout("\(cells) cells are too many for one sheet (at most \(Self.maxCells))") }
        let shape = aspect.isFinite && aspect > 0 ? aspect : 1
        let defaultColumns = shape < 0.8 ? 5 : shape > 1.25 ? 4 : 4
        var columns = options.columns ?? min(defaultColumns, cells)
        if options.columns == nil, let rows = options.rows { columns = (cells + rows - 1) / rows }
        guard columns >= 1, columns <= 64 else { throw PreviewError.layout("--columns must be 1 to 64, not \(columns)") }
        let rows = options.rows.map { max($0, (cells + columns - 1) / columns) } ?? (cells + columns - 1) / columns
        let defaultWidth = shape < 0.8 ? 1600 : 1920
        let width = Self.even(options.width ?? defaultWidth)
        guard width >= 64, width <= Self.maxSide else { throw PreviewError.layout("--width must be 64 to \(Self.maxSide) pixels, not \(width)") }
        let gap = Self.even(max(4, width / 120))
        let cellWidth = Self.even((width - gap * (columns + 1)) / columns)
        guard cellWidth >= 16 else { throw PreviewError.layout("cells would be \(cellWidth) pixels wide: use fewer columns or a wider sheet") }
        let cellHeight = Self.even(max(16, Int((Double(cellWidth) / shape).rounded())))
        let labelSize = Double(min(22, max(11, cellWidth / 14)))
        let labelHeight = labelLines > 0 ? Self.even(Int((labelSize * 1.35 * Double(labelLines) + labelSize * 0.6).rounded(.up))) : 0
        let headerHeight =
            headerLines > 0 ? Self.even(Int((labelSize * 1.9 + labelSize * 1.45 * Double(headerLines - 1) + labelSize).rounded(.up))) : 0
        let height = gap + headerHeight + rows * (cellHeight + labelHeight + gap)
        guard height <= Self.maxSide else {
            throw PreviewError.layout(
                "the sheet would be \(height) pixels tall (at most \(Self.maxSide)): use more columns, fewer cells or a narrower sheet")
        }
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.labelHeight = labelHeight
        self.headerHeight = headerHeight
        self.gap = gap
        self.width = width
        self.height = height
        self.labelSize = labelSize
    }

    /// Top-left corner of cell `index` (row-major).
    func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
        let column = index % columns
        let row = index / columns
        // Centre the grid when rounding left room on the right.
        let used = columns * cellWidth + (columns + 1) * gap
        let inset = Self.even((width - used) / 2)
        return (inset + gap + column * (cellWidth + gap), gap + headerHeight + row * (cellHeight + labelHeight + gap))
    }

    static func even(_ x: Int) -> Int { x & ~1 }
}
