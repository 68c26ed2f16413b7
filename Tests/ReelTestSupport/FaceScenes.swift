import Foundation

/// Pictures and clips with a real face at a known place, for the subject detectors: scikit-image's
/// `astronaut` photo (a portrait, 512 × 512; Debian's `python3-skimage`, which `scripts/setup`
/// installs) composited by ffmpeg into wide scenes.
public enum FaceScenes {
    /// The astronaut photo, or nil when scikit-image is not installed. Python is asked where the
    /// package lies without importing it.
    public static let astronaut: String? = {
        let script = "import importlib.util as u; s = u.find_spec('skimage'); print(s.submodule_search_locations[0] if s else '')"
        // The system's Python first (where Debian installs the package), then the one on PATH.
        for python in ["/usr/bin/python3", "python3"] {
            guard let out = try? Tools.run(python, ["-c", script]), out.status == 0 else { continue }
            let folder = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let path = (folder as NSString).appendingPathComponent("data/astronaut.png")
            if !folder.isEmpty && FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }()

    /// Why a test needing the photo cannot run.
    public static let missing = "scikit-image's astronaut photo is not installed (Debian python3-skimage; run scripts/setup)"

    /// The face of the astronaut photo, in its pixels (hairline to chin, ear to ear), as a person
    /// marks it.
    public static let faceInPortrait = (x: 170.0, y: 75.0, width: 110.0, height: 110.0)

    /// A face placed in a scene: the portrait scaled to `side` pixels with its corner at (`x`, `y`).
    public struct Placement: Sendable {
        public var x: Int
        public var y: Int
        public var side: Int
        public init(x: Int, y: Int, side: Int) {
            self.x = x
            self.y = y
            self.side = side
        }

        /// Where the face lies in the scene, in pixels.
        public var face: (x: Double, y: Double, width: Double, height: Double) {
            let s = Double(side) / 512
            let f = FaceScenes.faceInPortrait
            return (Double(x) + f.x * s, Double(y) + f.y * s, f.width * s, f.height * s)
        }
    }

    /// The ffmpeg filter graph of a `width` × `height` scene of `color` with light noise, with a
    /// copy of the portrait (labels `[<prefix>p<i>]`, made by `portraits`) at each placement; its
    /// output is labelled `[<prefix>scene]`.
    static func sceneFilter(width: Int, height: Int, color: String, faces: [Placement], prefix: String, duration: String? = nil) -> String {
        var graph = "color=c=\(color):s=\(width)x\(height):r=30\(duration.map { ":d=\($0)" } ?? ""),noise=alls=12:allf=t,format=yuv420p[\(prefix)bg0]"
        for (i, f) in faces.enumerated() {
            graph +=
                ";[\(prefix)p\(i)]scale=\(f.side):\(f.side)[\(prefix)q\(i)];[\(prefix)bg\(i)][\(prefix)q\(i)]overlay=\(f.x):\(f.y)[\(prefix)bg\(i + 1)]"
        }
        return graph + ";[\(prefix)bg\(faces.count)]null[\(prefix)scene]"
    }

    /// Splits input 0 (the portrait) into the labels `sceneFilter` reads, for scenes with
    /// `counts` faces each.
    static func portraits(_ counts: [Int]) -> String {
        let labels = counts.enumerated().flatMap { scene, n in (0..<n).map { "[s\(scene)p\($0)]" } }
        guard !labels.isEmpty else { return "" }
        return "[0:v]format=yuv420p,split=\(labels.count)" + labels.joined() + ";"
    }

    /// A still scene (PNG or JPEG by `path`'s extension) with the portrait at each placement.
    /// `transpose` stores the pixels turned (ffmpeg's transpose value: 1 clockwise, 2 anticlockwise)
    /// and then `exifOrientation` says how to turn them back for display (JPEG only).
    public static func photo(
        _ path: String, width: Int = 1920, height: Int = 1080, color: String = "0x4a6a58", faces: [Placement],
        transpose: Int? = nil, exifOrientation: UInt8? = nil
    ) throws {
        guard let astronaut else { throw CocoaError(.fileNoSuchFile) }
        var graph = portraits([faces.count]) + sceneFilter(width: width, height: height, color: color, faces: faces, prefix: "s0")
        if let transpose { graph = graph.replacingOccurrences(of: "null[s0scene]", with: "transpose=\(transpose)[s0scene]") }
        let plain = exifOrientation == nil ? path : path + ".plain.jpg"
        try Tools.ffmpeg(["-i", astronaut, "-filter_complex", graph, "-map", "[s0scene]", "-frames:v", "1", "-q:v", "2", plain])
        if let o = exifOrientation {
            try TestMedia.tagExifOrientation(plain, to: path, orientation: o)
            try? FileManager.default.removeItem(atPath: plain)
        }
    }

    /// A video of shots back to back at 30 fps, each a still scene `seconds` long of its colour
    /// with its faces; the cuts fall at the sums of the shots' lengths.
    public static func video(_ path: String, width: Int = 1280, height: Int = 720, shots: [(seconds: String, color: String, faces: [Placement])])
        throws
    {
        var inputs: [String] = []
        for (i, shot) in shots.enumerated() {
            let still = path + ".shot\(i).png"
            try photo(still, width: width, height: height, color: shot.color, faces: shot.faces)
            inputs += ["-loop", "1", "-framerate", "30", "-t", shot.seconds, "-i", still]
        }
        let graph = shots.indices.map { "[\($0):v]" }.joined() + "concat=n=\(shots.count):v=1:a=0,format=yuv420p[out]"
        try Tools.ffmpeg(inputs + ["-filter_complex", graph, "-map", "[out]", "-c:v", "libx264", "-preset", "ultrafast", path])
        for i in shots.indices { try? FileManager.default.removeItem(atPath: path + ".shot\(i).png") }
    }
}
