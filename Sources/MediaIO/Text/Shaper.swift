import CText

/// A glyph as HarfBuzz placed it, in 26.6 pixels.
struct ShapedGlyph {
    var face: Int
    var glyph: UInt32
    /// Index of the first scalar of the glyph's cluster in its paragraph.
    var cluster: Int
    var advance: Int
    var xOffset: Int
    /// Upward offset, as HarfBuzz and FreeType count it.
    var yOffset: Int
}

/// Shapes runs with HarfBuzz, reusing one buffer.
final class Shaper {
    private let buffer: OpaquePointer

    init() throws(FileAccessError) {
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            throw FileAccessError(.missingComponent, file: "libharfbuzz", operation: "creating a shaping buffer", reason: "out of memory")
        }
        self.buffer = buffer
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The glyphs of one run, in visual order (right-to-left runs come out reversed).
    ///
    /// The whole paragraph is given as context, so Arabic letters join across a change of font.
    /// Direction and script come from itemization; `hb_buffer_guess_segment_properties` fills in
    /// what is still unset (the script of a run of digits and punctuation, the language).
    func shape(_ run: TextRun, in paragraph: Paragraph, face: FontFace) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        paragraph.scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        }
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if run.script != HB_SCRIPT_COMMON, run.script != HB_SCRIPT_INHERITED, run.script != HB_SCRIPT_UNKNOWN {
            hb_buffer_set_script(buffer, run.script)
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shapingFont, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                face: run.face, glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: Int(positions[i].x_advance), xOffset: Int(positions[i].x_offset),
                yOffset: Int(positions[i].y_offset))
        }
    }
}
