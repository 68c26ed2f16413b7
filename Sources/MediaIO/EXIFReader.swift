/// Reads the capture date from a raw EXIF (TIFF) block, for files whose EXIF FFmpeg does not
/// read (HEIF photos). Every offset is checked against the block: EXIF from cameras and editors is
/// often slightly broken, and a broken one gives no date, never a crash.
struct EXIFReader {
    let tiff: [UInt8]
    private let bigEndian: Bool

    init(tiff: [UInt8]) {
        self.tiff = tiff
        bigEndian = tiff.count >= 2 && tiff[0] == 0x4D && tiff[1] == 0x4D
        guard tiff.count >= 8, (tiff[0] == 0x49 && tiff[1] == 0x49) || bigEndian, let ifd0 = uint32(at: 4) else { return }
        firstIFD = entries(at: Int(ifd0))
        if let exif = firstIFD[0x8769].flatMap({ uint32(at: $0 + 8) }) { exifIFD = entries(at: Int(exif)) }
    }

    /// `DateTimeOriginal`, else `DateTime`, as EXIF writes it (`2024:07:14 18:03:22`).
    var date: String? { ascii(exifIFD[0x9003]) ?? ascii(firstIFD[0x0132]) }

    /// `OffsetTimeOriginal` (`+02:00`): the offset from UTC of the capture date's local time.
    var offset: String? { ascii(exifIFD[0x9011]) }

    /// Entries of IFD0 and of the Exif IFD it points to, read once; empty when the block is broken.
    private var firstIFD: [UInt16: Int] = [:]
    private var exifIFD: [UInt16: Int] = [:]

    /// Tag to entry offset, for the IFD at `offset`.
    private func entries(at offset: Int) -> [UInt16: Int] {
        guard let count = uint16(at: offset), count < 1000 else { return [:] }
        var found: [UInt16: Int] = [:]
        for i in 0..<Int(count) {
            let entry = offset + 2 + 12 * i
            guard let tag = uint16(at: entry) else { break }
            found[tag] = entry
        }
        return found
    }

    /// An ASCII entry's text (type 2), without its terminating zero.
    private func ascii(_ entry: Int?) -> String? {
        guard let entry, uint16(at: entry + 2) == 2, let count = uint32(at: entry + 4), count > 1, count < 256 else { return nil }
        let start = count <= 4 ? entry + 8 : Int(uint32(at: entry + 8) ?? UInt32.max)
        let end = start + Int(count) - 1
        guard start >= 0, end <= tiff.count else { return nil }
        let text = String(decoding: tiff[start..<end], as: UTF8.self).trimmingCharacters(in: [" ", "\u{0}"])
        return text.isEmpty ? nil : text
    }

    private func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= tiff.count else { return nil }
        let a = UInt16(tiff[offset])
        let b = UInt16(tiff[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    private func uint32(at offset: Int) -> UInt32? {
        guard let hi = uint16(at: bigEndian ? offset : offset + 2), let lo = uint16(at: bigEndian ? offset + 2 : offset) else { return nil }
        return UInt32(hi) << 16 | UInt32(lo)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        return String(s)
    }
}
