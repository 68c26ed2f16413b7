/// The largest picture side Reel reads, in pixels, for photos and video alike: past it, memory for
/// one decoded frame reaches gigabytes, and FFmpeg's own limit would refuse it with a vague error.
public enum MediaLimits {
    public static let maxPictureSide = 16384
}

/// A picture's size read from its header alone, to refuse an oversized one in Reel's words before
/// (or instead of) a decoder's generic failure.
enum PictureHeader {
    /// "20000x20000 is larger than the 16384 pixels Reel reads", when the file is a picture whose
    /// header gives a side past the limit; nil otherwise (or when the header says nothing).
    static func oversizeDescription(of file: ReadableFile) -> String? {
        guard let (width, height) = pngSize(file) else { return nil }
        guard width > MediaLimits.maxPictureSide || height > MediaLimits.maxPictureSide else { return nil }
        return sizeMessage(width, height)
    }

    static func sizeMessage(_ width: Int, _ height: Int) -> String {
        "\(width)x\(height) is larger than the \(MediaLimits.maxPictureSide) pixels a side Reel reads"
    }

    /// The size in a PNG's header (nil when it is not a PNG).
    private static func pngSize(_ file: ReadableFile) -> (Int, Int)? {
        guard let size = try? PNGFile.headerSize(of: file) else { return nil }
        return (size.width, size.height)
    }
}
