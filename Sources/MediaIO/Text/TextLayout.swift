/// A glyph placed on its line, in 26.6 pixels.
struct PlacedGlyph {
    var face: Int
    var glyph: UInt32
    /// Paragraph scalar index of its cluster, to relate ink to logical order.
    var cluster: Int
    /// Pen position from the line's left edge, offsets applied.
    var x: Int
    /// Downward offset from the baseline.
    var y: Int
}

/// One line in visual order, left to right.
struct LaidOutLine {
    var glyphs: [PlacedGlyph]
    /// Advance width in 26.6 pixels.
    var width: Int
    /// Index of its paragraph, and the paragraph scalars it shows (trailing spaces removed):
    /// where an ellipsis cuts the text (`TextTruncation`).
    var paragraph: Int
    var range: Range<Int>
}

/// Text laid out at one size: lines of placed glyphs, before alignment and rasterizing.
struct TextLayout {
    let size: Double
    let lines: [LaidOutLine]
    /// Baseline-to-baseline distance in pixels.
    let lineHeight: Double
    let ascent: Double
    let descent: Double
    /// True when a word was wider than the line and had to be split between characters.
    let splitsWords: Bool

    /// Width of the widest line, in pixels.
    var width: Double { Double(lines.map(\.width).max() ?? 0) / 64 }
    /// Height of all line boxes, in pixels.
    var height: Double { Double(lines.count) * lineHeight }

    /// Baseline of line `n` from the top of the block: each line box is `lineHeight` tall with the
    /// font's ascent and descent centred in it, as CSS does.
    func baseline(_ n: Int) -> Double {
        Double(n) * lineHeight + (lineHeight - ascent - descent) / 2 + ascent
    }

    /// Left edge of line `n` within the block.
    func lineX(_ n: Int, alignment: TextAlignment) -> Double {
        let free = width - Double(lines[n].width) / 64
        switch alignment {
        case .left: return 0
        case .center: return free / 2
        case .right: return free
        }
    }

    func fits(maxWidth: Int?, maxHeight: Int?, maxLines: Int? = nil) -> Bool {
        if splitsWords { return false }
        if let maxLines, lines.count > maxLines { return false }
        if let maxWidth, lines.contains(where: { $0.width > maxWidth * 64 }) { return false }
        if let maxHeight, height > Double(maxHeight) + 1e-9 { return false }
        return true
    }

    /// Shapes every paragraph at `size`, breaks it into lines no wider than `maxWidth` where it can,
    /// and orders each line's runs visually.
    init(
        _ paragraphs: [Paragraph], fonts: FontSet, primary: Int, shaper: Shaper, size: Double,
        lineSpacing: Double, maxWidth: Int?
    ) throws(FileAccessError) {
        for face in fonts.faces { try face.setSize(size) }
        var lines: [LaidOutLine] = []
        var splits = false
        for (index, paragraph) in paragraphs.enumerated() {
            let shaped = paragraph.runs.map { shaper.shape($0, in: paragraph, face: fonts.faces[$0.face]) }
            var advances = [Int](repeating: 0, count: paragraph.scalars.count)
            var starts = [Bool](repeating: false, count: paragraph.scalars.count)
            for run in paragraph.runs { if run.range.lowerBound < starts.count { starts[run.range.lowerBound] = true } }
            for glyph in shaped.joined() where glyph.cluster < advances.count {
                advances[glyph.cluster] += glyph.advance
                starts[glyph.cluster] = true
            }
            let ranges = LineBreaker.lines(
                paragraph.scalars, advances: advances, clusterStarts: starts,
                maxWidth: maxWidth.map { $0 * 64 }, forcedBreak: &splits)
            for range in ranges {
                lines.append(TextLayout.line(range, paragraph: paragraph, index: index, shaped: shaped))
            }
        }
        self.size = size
        self.lines = lines
        splitsWords = splits
        let metrics = fonts.faces[primary].verticalMetrics
        self.ascent = metrics.ascent * size
        self.descent = metrics.descent * size
        self.lineHeight = lineSpacing * size
    }

    /// The glyphs of `range`, runs in visual order, each run's glyphs as HarfBuzz ordered them.
    private static func line(_ range: Range<Int>, paragraph: Paragraph, index: Int, shaped: [[ShapedGlyph]]) -> LaidOutLine {
        let inLine = paragraph.runs.indices.filter { paragraph.runs[$0].range.overlaps(range) }
        let order = BidiLevels.visualOrder(inLine.map { paragraph.runs[$0].level })
        var pen = 0
        var glyphs: [PlacedGlyph] = []
        for k in order {
            for g in shaped[inLine[k]] where range.contains(g.cluster) {
                glyphs.append(
                    PlacedGlyph(
                        face: g.face, glyph: g.glyph, cluster: g.cluster,
                        x: pen + g.xOffset, y: -g.yOffset))
                pen += g.advance
            }
        }
        return LaidOutLine(glyphs: glyphs, width: pen, paragraph: index, range: range)
    }
}
