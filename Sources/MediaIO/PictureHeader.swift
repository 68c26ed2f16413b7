import FileAccess

/// The largest picture side Reel reads, in pixels, for photos and video alike: past it, memory for
/// one decoded frame reaches gigabytes, and FFmpeg's own limit would refuse it with a vague error.
package enum MediaLimits {
    static let maxPictureSide = 16384
}

/// A picture's size read from its header alone, to refuse an oversized one in Reel's words before
/// any decoder allocates for it or fails on it with a message of its own.
///
/// A few bytes tell: the signature, then the size where each format keeps it (PNG's `IHDR`,
/// JPEG's start-of-frame segment, GIF's logical screen, BMP's info header, TIFF's first image
/// directory, WebP's extended header). HEIF is sized by libheif (`HEIFImage`).
enum PictureHeader {
    /// "20000x20000 is larger than the 16384 pixels a side Reel reads", when the file is a picture
    /// whose header gives a side past the limit; nil otherwise (or when the header says nothing).
    static func oversizeDescription(of file: ReadableFile) -> String? {
        guard let (width, height) = size(of: file) else { return nil }
        guard width > MediaLimits.maxPictureSide || height > MediaLimits.maxPictureSide else { return nil }
        return sizeMessage(width, height)
    }

    static func sizeMessage(_ width: Int, _ height: Int) -> String {
        "\(width)x\(height) is larger than the \(MediaLimits.maxPictureSide) pixels a side Reel reads"
    }

    /// The size a picture's header gives; nil for a file of no format known here, or a header that
    /// ends before its size.
    static func size(of file: ReadableFile) -> (Int, Int)? {
        let head = file.prefix(32)
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            guard let size = try? PNGFile.headerSize(of: file) else { return nil }
            return (size.width, size.height)
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return jpegSize(file) }
        if head.starts(with: Array("GIF8".utf8)), head.count >= 10 {
            return (Int(head.littleEndian(6, 2)), Int(head.littleEndian(8, 2)))
        }
        if head.starts(with: Array("BM".utf8)), head.count >= 26 { return bmpSize(head) }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return tiffSize(file, head) }
        if head.starts(with: Array("RIFF".utf8)), head.count >= 30, Array(head[8..<16]) == Array("WEBPVP8X".utf8) {
            // Canvas width and height minus one, 24 bits each. (Simple lossy and lossless WebP
            // store 14 bits: they cannot pass the limit.)
            return (Int(head.littleEndian(24, 3)) + 1, Int(head.littleEndian(27, 3)) + 1)
        }
        return nil
    }

    /// Segments (and fill bytes) most walked before a JPEG's frame header; cameras write a handful.
    static let maxJPEGSegments = 1000

    /// The size in a JPEG's start-of-frame segment, found by walking the segments before it.
    private static func jpegSize(_ file: ReadableFile) -> (Int, Int)? {
        var offset = 2
        for _ in 0..<maxJPEGSegments {
            let marker = file.bytes(at: offset, count: 4)
            guard marker.count == 4, marker[0] == 0xFF else { return nil }
            let kind = marker[1]
            // A fill byte (0xFF) may pad before a marker; each counts as a segment walked.
            if kind == 0xFF {
                offset += 1
                continue
            }
            // Markers without a length: TEM and the restart markers.
            if kind == 0x01 || (0xD0...0xD7).contains(kind) {
                offset += 2
                continue
            }
            // Start of scan or end of image: no frame header came before them.
            if kind == 0xDA || kind == 0xD9 { return nil }
            let length = Int(marker.bigEndian(2, 2))
            guard length >= 2 else { return nil }
            // SOF0...SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(kind), ![0xC4, 0xC8, 0xCC].contains(kind) {
                let frame = file.bytes(at: offset + 4, count: 5)
                guard frame.count == 5 else { return nil }
                return (Int(frame.bigEndian(3, 2)), Int(frame.bigEndian(1, 2)))
            }
            offset += 2 + length
        }
        return nil
    }

    /// The size in a BMP's info header: 16-bit in the old OS/2 header, signed 32-bit (negative for
    /// top-down rows) in the others.
    private static func bmpSize(_ head: [UInt8]) -> (Int, Int)? {
        if head.littleEndian(14, 4) == 12 { return (Int(head.littleEndian(18, 2)), Int(head.littleEndian(20, 2))) }
        let width = Int(Int32(bitPattern: UInt32(head.littleEndian(18, 4))))
        let height = Int(Int32(bitPattern: UInt32(head.littleEndian(22, 4))))
        return (abs(width), abs(height))
    }

    /// Entries most read of a TIFF's first image directory; writers put a few dozen.
    static let maxTIFFEntries = 1000

    /// The ImageWidth (256) and ImageLength (257) tags of a TIFF's first image directory.
    private static func tiffSize(_ file: ReadableFile, _ head: [UInt8]) -> (Int, Int)? {
        let little = head[0] == 0x49
        func number(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
            little ? bytes.littleEndian(at, count) : bytes.bigEndian(at, count)
        }
        guard head.count >= 8 else { return nil }
        let directory = Int(number(head, 4, 4))
        let countBytes = file.bytes(at: directory, count: 2)
        guard countBytes.count == 2 else { return nil }
        let entries = min(Int(number(countBytes, 0, 2)), maxTIFFEntries)
        let table = file.bytes(at: directory + 2, count: entries * 12)
        var width: Int?
        var height: Int?
        for i in 0..<(table.count / 12) {
            let e = i * 12
            let tag = number(table, e, 2)
            guard tag == 256 || tag == 257 else { continue }
            // SHORT (3) or LONG (4), held in the entry itself.
            let value: Int
            switch number(table, e + 2, 2) {
            case 3: value = Int(number(table, e + 8, 2))
            case 4: value = Int(number(table, e + 8, 4))
            default: continue
            }
            if tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }
}

extension [UInt8] {
    /// The unsigned number in `count` bytes at `at`, least significant first.
    fileprivate func littleEndian(_ at: Int, _ count: Int) -> UInt64 {
        self[at..<(at + count)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The unsigned number in `count` bytes at `at`, most significant first.
    fileprivate func bigEndian(_ at: Int, _ count: Int) -> UInt64 {
        self[at..<(at + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
