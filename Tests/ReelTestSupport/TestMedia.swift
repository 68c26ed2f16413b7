import Foundation

/// A temporary folder for one test, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "reel-test") {
        let base = NSTemporaryDirectory()
        path = (base as NSString).appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    public var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

/// Small media made at test time with ffmpeg's generated sources (no binary fixtures).
public enum TestMedia {
    /// A clip of a solid colour with an optional marker square, H.264 in MP4.
    /// - Parameters:
    ///   - marker: (x, y, size, colour) of a filled square drawn in stored pixels.
    ///   - rotate: display rotation in clockwise degrees written as a display matrix.
    public static func colorClip(
        _ path: String, color: String = "blue", width: Int = 320, height: Int = 180, seconds: String = "2",
        rate: String = "30", marker: (x: Int, y: Int, size: Int, color: String)? = nil,
        rotate: Int = 0, tone: Bool = false
    ) throws {
        var filter = "color=c=\(color):s=\(width)x\(height):r=\(rate):d=\(seconds)"
        if let m = marker { filter += ",drawbox=x=\(m.x):y=\(m.y):w=\(m.size):h=\(m.size):c=\(m.color):t=fill" }
        var args = ["-f", "lavfi", "-i", filter]
        if tone { args += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        args += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        if tone { args += ["-c:a", "aac", "-shortest"] }
        if rotate == 0 {
            try Tools.ffmpeg(args + [path])
        } else {
            let plain = path + ".plain.mp4"
            try Tools.ffmpeg(args + [plain])
            // FFmpeg 5.1's MP4 muxer takes the legacy `rotate` tag as anticlockwise degrees
            // (checked against its own autorotation), so a clockwise turn is written as its complement.
            try Tools.ffmpeg(["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\((360 - rotate) % 360)", path])
            try? FileManager.default.removeItem(atPath: plain)
        }
    }

    /// A clip whose frame n shows its number as a grey level (n * step), to check which frame is shown.
    public static func countingClip(_ path: String, frames: Int, rate: String = "30", width: Int = 64, height: Int = 64, step: Int = 8) throws {
        let filter = "nullsrc=s=\(width)x\(height):r=\(rate),format=gray,geq=lum='min(255\\,N*\(step))',format=yuv420p"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", filter, "-frames:v", "\(frames)", "-c:v", "libx264", "-preset", "ultrafast",
            "-qp", "0", "-g", "10", "-pix_fmt", "yuv420p", path,
        ])
    }

    /// A JPEG of a solid colour with a marker square, optionally tagged with an EXIF orientation.
    public static func jpeg(
        _ path: String, width: Int = 320, height: Int = 180, color: String = "blue",
        marker: (x: Int, y: Int, size: Int, color: String)? = nil, exifOrientation: UInt8? = nil
    ) throws {
        var filter = "color=c=\(color):s=\(width)x\(height)"
        if let m = marker { filter += ",drawbox=x=\(m.x):y=\(m.y):w=\(m.size):h=\(m.size):c=\(m.color):t=fill" }
        let plain = exifOrientation == nil ? path : path + ".plain.jpg"
        try Tools.ffmpeg(["-f", "lavfi", "-i", filter, "-frames:v", "1", "-q:v", "2", plain])
        guard let o = exifOrientation else { return }
        try tagExifOrientation(plain, to: path, orientation: o)
        try? FileManager.default.removeItem(atPath: plain)
    }

    /// Writes the JPEG `from` to `to` with an EXIF orientation tag (1-8) inserted after its start marker.
    public static func tagExifOrientation(_ from: String, to path: String, orientation o: UInt8) throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: from)))
        // APP1 "Exif": big-endian TIFF header, one IFD entry (0x0112 Orientation, SHORT, 1, value).
        let payload: [UInt8] =
            Array("Exif".utf8) + [
                0, 0, 0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1,
                0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, o, 0, 0, 0, 0, 0, 0,
            ]
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload
        let tagged = Array(data[0..<2]) + segment + Array(data[2...])
        try Data(tagged).write(to: URL(fileURLWithPath: path))
    }

    /// A tone of `seconds` at `frequency` Hz, AAC in M4A.
    public static func tone(_ path: String, seconds: String = "5", frequency: Int = 440) throws {
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=44100:duration=\(seconds)",
            "-c:a", "aac", "-b:a", "96k", path,
        ])
    }

    /// A click track: a kick-like click (a 60 Hz thump and a burst of noise) on every beat from
    /// `firstBeat` seconds, every `accentEvery`-th beat twice as loud (the downbeats), over a faint
    /// noise floor; 48 kHz 16-bit WAV, so beat k starts exactly at `firstBeat + k × 60 / bpm`.
    /// With `drift`, the tempo grows linearly from `bpm` at the first beat to `bpm × (1 + drift)`
    /// at the end; with `quietUntil`, the clicks before that time are 20 dB down (a quiet intro).
    public static func clickTrack(
        _ path: String, bpm: Double, seconds: Double = 20, firstBeat: Double = 0.5, accentEvery: Int = 4, drift: Double = 0,
        quietUntil: Double = 0
    ) throws {
        // Beat phase: the integral of the tempo from the first beat, so beat k is where it is k.
        let tau = "(t-\(firstBeat))"
        let phase = "(\(bpm / 60)*(\(tau)+\(drift / (2 * (seconds - firstBeat)))*\(tau)*\(tau)))"
        let rate = "(\(bpm / 60)*(1+\(drift / (seconds - firstBeat))*\(tau)))"
        let u = "((\(phase)-floor(\(phase)))/\(rate))"
        let beat = "floor(\(phase))"
        let quiet = quietUntil > 0 ? "*(1-0.9*lt(t,\(quietUntil)))" : ""
        let gain = "(0.3+0.3*eq(mod(\(beat),\(accentEvery)),0))*gte(t,\(firstBeat))\(quiet)"
        let click = "(sin(2*PI*60*\(u))*exp(-\(u)*20)+0.5*(2*random(0)-1)*exp(-\(u)*90))"
        let expression = "\(gain)*\(click)+0.003*(2*random(1)-1)"
        try Tools.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc='\(expression)':s=48000:d=\(seconds)", "-c:a", "pcm_s16le", path,
        ])
    }

    /// The chord changes of `song`: its roots (bass, Hz) and chords (three notes, Hz), a bar each.
    public static let songChords: [(root: Double, notes: [Double])] = [
        (55, [220, 277.18, 329.63]), (46.25, [185, 220, 277.18]), (36.71, [146.83, 185, 220]), (41.2, [164.81, 207.65, 246.94]),
    ]

    /// A short song at 44.1 kHz, mono WAV: a kick drum on every beat from `firstBeat` on, a hi-hat
    /// (white noise, brighter and in spectral flux as strong as the kick) on every off-beat, and a
    /// bass note and a chord that change on every bar's first beat (`songChords`, in turn). Its
    /// beats are `firstBeat + k * 60 / bpm`, its bars start on every fourth.
    public static func song(_ path: String, bpm: Double = 121, seconds: Double = 24, firstBeat: Double = 0.476) throws {
        let p = 60 / bpm
        let since = "(t-\(firstBeat))"
        let beat = "floor(\(since)/\(p))"
        let u = "(\(since)-\(beat)*\(p))"
        let v = "(\(u)-\(p / 2))"
        let bar = "floor(\(beat)/4)"
        let w = "(\(since)-\(bar)*\(4 * p))"
        let m = "mod(\(bar),4)"
        func pick(_ values: [Double]) -> String {
            "(" + values.enumerated().map { "\($1)*eq(\(m),\($0))" }.joined(separator: "+") + ")"
        }
        let kick = "sin(2*PI*(45*\(u)+3.667*(1-exp(-30*\(u)))))*exp(-14*\(u))"
        let hat = "(2*random(0)-1)*exp(-90*\(v))*gte(\(v),0)"
        let envelope = "min(1,\(w)/0.01)*exp(-0.6*\(w))"
        let bass = "sin(2*PI*\(pick(songChords.map(\.root)))*\(w))*\(envelope)"
        let chord = (0..<3).map { i in "sin(2*PI*\(pick(songChords.map { $0.notes[i] }))*\(w))" }.joined(separator: "+")
        let music = "0.6*(0.8*\(kick)+0.35*\(hat)+0.3*\(bass)+0.06*(\(chord))*\(envelope))*gte(t,\(firstBeat))"
        let expression = "\(music)+0.001*(2*random(1)-1)"
        try Tools.ffmpeg(["-f", "lavfi", "-i", "aevalsrc='\(expression)':s=44100:d=\(seconds)", "-c:a", "pcm_s16le", path])
    }

    /// The first `fraction` of a file's bytes, written to `to`: a truncated download.
    public static func truncate(_ from: String, to: String, fraction: Double) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: from))
        try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: to))
    }
}
