import Foundation

/// A tiny TrueType font with COLR (version 0) and CPAL tables, written byte by byte, because no
/// font Debian ships has colour layers: one colour glyph, a square whose left half is drawn in
/// the palette's first colour and whose right half in its second.
///
/// Glyph 1 (mapped from "A" and from U+1F7E5) is the plain square, what a renderer without colour
/// support would draw; glyphs 2 and 3 are the halves, its layers.
struct ColorLayerFont {
    /// Palette entries as (red, green, blue).
    static let left: (UInt8, UInt8, UInt8) = (230, 20, 20)
    static let right: (UInt8, UInt8, UInt8) = (20, 40, 230)
    static let characters: [UInt32] = [0x41, 0x1F7E5]
    static let unitsPerEm = 1000

    /// The font file's bytes. Each glyph's left side bearing is its left edge, as TrueType
    /// places outlines by it.
    static func bytes() -> [UInt8] {
        let outlines: [(Int16, Int16, Int16, Int16)] = [(100, 0, 900, 700), (100, 0, 500, 700), (500, 0, 900, 700)]
        var glyf: [UInt8] = []
        var loca: [UInt32] = [0, 0]  // glyph 0 (.notdef) is empty
        for (x0, y0, x1, y1) in outlines {
            glyf += simpleGlyph(x0: x0, y0: y0, x1: x1, y1: y1)
            loca.append(UInt32(glyf.count))
        }
        let tables: [(String, [UInt8])] = [
            ("COLR", colr()), ("CPAL", cpal()), ("cmap", cmap()), ("glyf", glyf), ("head", head()), ("hhea", hhea()),
            ("hmtx", ([0] + outlines.map(\.0)).flatMap { u16(1000) + i16($0) }), ("loca", loca.flatMap(u32)), ("maxp", maxp()),
            ("post", u32(0x0003_0000) + [UInt8](repeating: 0, count: 28)),
        ]
        return sfnt(tables)
    }

    /// Writes the font to a new file in a temporary folder and returns its path.
    static func write() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-colr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("ColorLayers.ttf")
        try Data(bytes()).write(to: file)
        return file.path
    }

    /// One closed contour of four on-curve points, clockwise (TrueType's outer direction).
    private static func simpleGlyph(x0: Int16, y0: Int16, x1: Int16, y1: Int16) -> [UInt8] {
        let xs: [Int16] = [x0, x0, x1, x1]
        let ys: [Int16] = [y0, y1, y1, y0]
        var bytes = i16(1) + i16(x0) + i16(y0) + i16(x1) + i16(y1) + u16(3) + u16(0)
        bytes += [UInt8](repeating: 0x01, count: 4)  // on curve, coordinates as 16-bit deltas
        var previous: Int16 = 0
        for x in xs {
            bytes += i16(x - previous)
            previous = x
        }
        previous = 0
        for y in ys {
            bytes += i16(y - previous)
            previous = y
        }
        return bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }

    private static func colr() -> [UInt8] {
        let header = u16(0) + u16(1) + u32(14) + u32(20) + u16(2)
        let base = u16(1) + u16(0) + u16(2)
        let layers = u16(2) + u16(0) + u16(3) + u16(1)
        return header + base + layers
    }

    private static func cpal() -> [UInt8] {
        let header = u16(0) + u16(2) + u16(1) + u16(2) + u32(14) + u16(0)
        let colours: [UInt8] = [left, right].flatMap { c -> [UInt8] in [c.2, c.1, c.0, 255] }  // BGRA
        return header + colours
    }

    /// Format 12 (full Unicode) under platform 3, encoding 10.
    private static func cmap() -> [UInt8] {
        let groups = characters.flatMap { u32($0) + u32($0) + u32(1) }
        let subtable = u16(12) + u16(0) + u32(UInt32(16 + groups.count)) + u32(0) + u32(UInt32(characters.count)) + groups
        return u16(0) + u16(1) + u16(3) + u16(10) + u32(12) + subtable
    }

    private static func head() -> [UInt8] {
        var bytes = u32(0x0001_0000) + u32(0x0001_0000) + u32(0) + u32(0x5F0F_3CF5) + u16(0x000B) + u16(UInt16(unitsPerEm))
        bytes += [UInt8](repeating: 0, count: 16)  // created, modified
        bytes += i16(0) + i16(0) + i16(1000) + i16(800) + u16(0) + u16(8) + i16(2) + i16(1) + i16(0)
        return bytes
    }

    private static func hhea() -> [UInt8] {
        var bytes = u32(0x0001_0000) + i16(800) + i16(-200) + i16(0) + u16(1000) + i16(0) + i16(0) + i16(1000)
        bytes += i16(1) + i16(0) + i16(0) + [UInt8](repeating: 0, count: 8) + i16(0) + u16(4)
        return bytes
    }

    private static func maxp() -> [UInt8] {
        u32(0x0001_0000) + u16(4) + u16(4) + u16(1) + u16(0) + u16(0) + u16(2) + [UInt8](repeating: 0, count: 16)
    }

    /// The table directory, then the tables, each padded to four bytes.
    private static func sfnt(_ tables: [(String, [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.0 < $1.0 }
        let count = sorted.count
        var power = 1
        var log = 0
        while power * 2 <= count {
            power *= 2
            log += 1
        }
        var directory = u32(0x0001_0000) + u16(UInt16(count)) + u16(UInt16(power * 16)) + u16(UInt16(log))
        directory += u16(UInt16(count * 16 - power * 16))
        var body: [UInt8] = []
        var offset = 12 + 16 * count
        for (tag, data) in sorted {
            directory += Array(tag.utf8) + u32(checksum(data)) + u32(UInt32(offset)) + u32(UInt32(data.count))
            let padded = data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
            body += padded
            offset += padded.count
        }
        return directory + body
    }

    private static func checksum(_ data: [UInt8]) -> UInt32 {
        let padded = data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        var sum: UInt32 = 0
        for i in stride(from: 0, to: padded.count, by: 4) {
            sum &+= UInt32(padded[i]) << 24 | UInt32(padded[i + 1]) << 16 | UInt32(padded[i + 2]) << 8 | UInt32(padded[i + 3])
        }
        return sum
    }

    private static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    private static func i16(_ v: Int16) -> [UInt8] { u16(UInt16(bitPattern: v)) }
    private static func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
}
