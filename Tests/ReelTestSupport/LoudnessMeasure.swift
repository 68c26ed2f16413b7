/// ffmpeg's loudness meter (`ebur128=peak=true`), the independent judge of what a file's sound
/// measures: every loudness and ceiling test reads its summary the same way.
public enum LoudnessMeasure {
    /// Integrated loudness (LUFS) and true peak (dBTP, 4x oversampled) of a file's sound.
    public static func ebur128(_ path: String) throws -> (loudness: Double, truePeak: Double) {
        let r = try Tools.run("ffmpeg", ["-nostats", "-i", path, "-vn", "-af", "ebur128=peak=true", "-f", "null", "-"])
        // The summary's sections, then their lines: "I:  -14.1 LUFS" and "Peak:  -1.2 dBFS".
        func value(after heading: String, in line: String) -> Double? {
            guard let h = r.stderr.range(of: heading, options: .backwards),
                let l = r.stderr[h.upperBound...].split(separator: "\n").first(where: { $0.contains(line) })
            else { return nil }
            return l.split(separator: " ").compactMap({ Double($0) }).first
        }
        guard let loudness = value(after: "Integrated loudness:", in: "I:"), let peak = value(after: "True peak:", in: "Peak:") else {
            throw ToolError(message: "no summary in ffmpeg's output: \(r.stderr.suffix(500))")
        }
        return (loudness, peak)
    }
}
