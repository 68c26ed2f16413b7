import TimelineModel

/// `--size`: an exact `WIDTHxHEIGHT`, a height class that keeps the canvas's shape (`720p`,
/// `1080p`: the short side), or a shape that keeps the canvas's short side (`9:16`, `1:1`).
public enum SizeOption {
    /// Sides the encoder accepts.
    public static let sides = 16...8192
    static let heightClasses: [String: Int] = ["480p": 480, "540p": 540, "720p": 720, "1080p": 1080, "1440p": 1440, "2160p": 2160, "4k": 2160]

    /// The size `text` names for `canvas`, even on both sides.
    public static func parse(_ text: String, canvas: Canvas) throws(OptionValueError) -> (width: Int, height: Int) {
        let lower = text.lowercased()
        let size: (Int, Int)
        if let short = heightClasses[lower] {
            size = scaled(canvas, short: short)
        } else if let colon = lower.firstIndex(of: ":"), let w = Int(lower[..<colon]), let h = Int(lower[lower.index(after: colon)...]),
            w > 0, h > 0, w <= 100, h <= 100
        {
            let short = min(canvas.width, canvas.height)
            size = w <= h ? (even(short), even(short * h / w)) : (even(short * w / h), even(short))
        } else {
            let parts = lower.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 % 2 == 0 }) else { throw usage(text) }
            size = (parts[0], parts[1])
        }
        guard sides.contains(size.0), sides.contains(size.1) else {
            throw OptionValueError(
                option: "size", message: "\(text) gives \(size.0)x\(size.1); each side must be within \(sides.lowerBound)...\(sides.upperBound)")
        }
        return size
    }

    /// A warning when `size` has another shape than the canvas (the template is recomposed for it).
    public static func shapeWarning(_ size: (width: Int, height: Int), canvas: Canvas) -> String? {
        // Shapes differ when the sides' ratios differ by more than rounding to even sides explains.
        let a = size.width * canvas.height
        let b = size.height * canvas.width
        guard abs(a - b) * 100 > max(a, b) else { return nil }
        return
            "--size \(size.width)x\(size.height) has another shape than the template's \(canvas.width)x\(canvas.height) canvas; the template is recomposed for it"
    }

    private static func scaled(_ canvas: Canvas, short: Int) -> (Int, Int) {
        if canvas.width <= canvas.height {
            return (even(short), even(short * canvas.height / max(1, canvas.width)))
        }
        return (even(short * canvas.width / max(1, canvas.height)), even(short))
    }

    private static func even(_ n: Int) -> Int { n + (n & 1) }

    private static func usage(_ text: String) -> OptionValueError {
        OptionValueError(
            option: "size", message: "takes WIDTHxHEIGHT (even numbers), 540p, 720p, 1080p... or a shape such as 9:16, 1:1, 16:9, 4:5; not '\(text)'")
    }
}
