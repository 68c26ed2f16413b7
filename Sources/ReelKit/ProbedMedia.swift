import DocumentJSON
import MediaFacts
import MediaIO
import MediaTime
import Previews
import RenderCore
import Subjects
import TimelineModel

/// What Reel reads from a media file, as `reel probe` shows it: one line for people, one JSON
/// object for scripts (exact times as the timeline writes them, with seconds beside them).
public struct ProbedMedia: Sendable {
    /// The file as the caller named it.
    public let path: String
    /// `clip.mp4: video 1080x1920 (stored 1920x1080, turned 90°) 30 fps h264 00:12.3 with sound`
    public let line: String
    /// The same facts for scripts: exact times as timelines write them, seconds beside them.
    public let json: JSONValue
    /// The whole file's length; nil for a picture.
    public let duration: RationalTime?
    /// The first sound stream's length, when the file has sound.
    public let soundDuration: RationalTime?
    /// Whether the file has an audio stream.
    public let hasSound: Bool
    /// The faces, salient regions and shot changes found in the file, when they were asked for.
    public let subjects: MediaSubjects?

    init(_ info: MediaInfo, subjects: MediaSubjects? = nil) {
        path = info.path
        self.subjects = subjects
        line = Self.line(info) + (subjects.map { " " + Self.summary($0) } ?? "")
        var json = Self.json(info)
        if let subjects, case .object(var o) = json {
            o["subjects"] = Self.json(subjects)
            json = .object(o)
        }
        self.json = json
        duration = info.duration
        hasSound = info.hasAudio
        soundDuration = info.audio.first.map { $0.duration ?? info.duration ?? .zero }
    }

    static func line(_ info: MediaInfo) -> String {
        var parts = [info.path + ":"]
        if let v = info.video {
            parts.append(info.isStillImage ? "picture" : "video")
            parts.append("\(v.displayWidth)x\(v.displayHeight)")
            if v.rotation != 0 || v.mirrored {
                parts.append("(stored \(v.codedWidth)x\(v.codedHeight), turned \(v.rotation)°\(v.mirrored ? " mirrored" : ""))")
            }
            if let r = v.frameRate { parts.append("\(r) fps") }
            parts.append(v.codec)
            if v.dynamicRange.isHDR { parts.append("HDR \(v.dynamicRange.rawValue.uppercased()) (shown tone-mapped to SDR)") }
        }
        if let d = info.duration { parts.append(minutesAndSeconds(d.seconds) + "." + String(Int(shown(d.seconds) * 10) % 10)) }
        parts.append(info.hasAudio ? "with sound" : "no sound")
        if let c = info.creationTime { parts.append("taken \(c)") }
        return parts.joined(separator: " ")
    }

    static func json(_ info: MediaInfo) -> JSONValue {
        var o = JSONObject()
        o["path"] = .string(info.path)
        o["container"] = .string(info.container)
        o["kind"] = .string(info.isStillImage ? "picture" : info.video != nil ? "video" : "audio")
        if let d = info.duration { time(d, into: &o, key: "duration") }
        if let c = info.creationTime { o["creationTime"] = .string(c) }
        if let v = info.video {
            var video = JSONObject()
            video["codec"] = .string(v.codec)
            video["width"] = .number(JSONNumber(v.displayWidth))
            video["height"] = .number(JSONNumber(v.displayHeight))
            video["codedWidth"] = .number(JSONNumber(v.codedWidth))
            video["codedHeight"] = .number(JSONNumber(v.codedHeight))
            video["rotation"] = .number(JSONNumber(v.rotation))
            video["mirrored"] = .bool(v.mirrored)
            if let r = v.frameRate { video["frameRate"] = .string(r.description) }
            video["pixelFormat"] = .string(v.pixelFormat)
            video["colorRange"] = .string(v.colorRange)
            video["dynamicRange"] = .string(v.dynamicRange.rawValue)
            if let d = v.duration { time(d, into: &video, key: "duration") }
            if let n = v.frameCount { video["frameCount"] = .number(JSONNumber(Int(n))) }
            o["video"] = .object(video)
        }
        o["audio"] = .array(
            info.audio.map { a in
                var audio = JSONObject()
                audio["codec"] = .string(a.codec)
                audio["sampleRate"] = .number(JSONNumber(a.sampleRate))
                audio["channels"] = .number(JSONNumber(a.channels))
                if let d = a.duration { time(d, into: &audio, key: "duration") }
                return .object(audio)
            })
        return .object(o)
    }

    /// `2 faces` for a photo; `faces in 12 of 40 samples (at most 2), 1 shot change` for a video.
    static func summary(_ s: MediaSubjects) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counts = s.samples.map { $0.boxes.filter { $0.kind == .face }.count }
        guard s.samples.count > 1 else { return plural(counts.first ?? 0, "face") }
        let with = counts.filter { $0 > 0 }.count
        return "faces in \(with) of \(plural(s.samples.count, "sample")) (at most \(counts.max() ?? 0)), "
            + plural(s.shotChanges.count, "shot change")
    }

    /// `{"samples": [{"time", "timeSeconds", "faces": [box], "salient": [box]}], "shotChanges": [time]}`,
    /// boxes as fractions of the displayed picture.
    static func json(_ s: MediaSubjects) -> JSONValue {
        func box(_ b: SubjectBox) -> JSONValue {
            var o = JSONObject()
            for (key, value) in [("x", b.x), ("y", b.y), ("width", b.width), ("height", b.height), ("score", b.score)] {
                o[key] = JSONNumber((value * 10000).rounded() / 10000).map(JSONValue.number) ?? .null
            }
            return .object(o)
        }
        var o = JSONObject()
        o["samples"] = .array(
            s.samples.map { sample in
                var entry = JSONObject()
                time(sample.time, into: &entry, key: "time")
                entry["faces"] = .array(sample.boxes.filter { $0.kind == .face }.map(box))
                entry["salient"] = .array(sample.boxes.filter { $0.kind == .salient }.map(box))
                return .object(entry)
            })
        o["shotChanges"] = .array(
            s.shotChanges.map { t in
                var entry = JSONObject()
                time(t, into: &entry, key: "time")
                return .object(entry)
            })
        return .object(o)
    }

    /// An exact time and, beside it, its seconds (`"duration": "1001/500s"`, `"durationSeconds": 2.002`).
    private static func time(_ t: RationalTime, into o: inout JSONObject, key: String) {
        o[key] = .string(t.description)
        if let s = JSONNumber(t.seconds) { o[key + "Seconds"] = .number(s) }
    }

    /// A duration as a file states it, held within what Int converts exactly (a header may claim
    /// any length; no medium lasts 30,000 years).
    private static func shown(_ seconds: Double) -> Double { min(max(0, seconds), 1e12) }

    /// `m:ss`, for durations shown to people.
    private static func minutesAndSeconds(_ seconds: Double) -> String {
        let s = Int(shown(seconds).rounded())
        let sec = s % 60
        return "\(s / 60):\(sec < 10 ? "0" : "")\(sec)"
    }
}

extension Pipeline {
    /// The facts of a media file.
    public static func probe(_ path: String) throws(ReelError) -> ProbedMedia {
        do { return ProbedMedia(try MediaProbe.probe(path)) } catch { throw .file(error) }
    }

    /// The facts of a media file with its subjects (faces, salient regions, shot changes: the
    /// analysis behind smart framing, read from `cache` when the file was analysed before).
    public static func probe(_ path: String, subjects cache: AnalysisCache) throws(ReelError) -> ProbedMedia {
        do {
            let info = try MediaProbe.probe(path)
            return ProbedMedia(info, subjects: info.video == nil ? nil : try cache.subjects(of: path))
        } catch { throw .file(error) }
    }

    /// Quiets the media libraries' own logging (Reel reports errors itself); call once at start-up.
    public static func configureLibraries(verbose: Bool = false) { MediaLibrary.configure(verbose: verbose) }

    /// The linked media libraries' versions, for `--version`.
    public static var libraryVersions: String { MediaLibrary.versions }

    /// Fails at once, naming what to install, when this system's FFmpeg lacks an encoder export needs.
    public static func checkEncoders() throws(ReelError) {
        do { try MediaLibrary.checkEncoders() } catch { throw .file(error) }
    }

    /// Writes one frame of a timeline (at `time`, `width` pixels wide) as a PNG; its size.
    @discardableResult
    public static func writePoster(_ timeline: Timeline, at time: RationalTime, width: Int? = nil, to path: String) throws -> (
        width: Int, height: Int
    ) {
        let image = try Poster.image(timeline, at: time, width: width)
        try PNGFile.write(image, to: path)
        return (image.width, image.height)
    }

    /// Whether `path` names an animated preview Reel writes (`.gif`, `.webp`).
    public static func isAnimatedPreviewPath(_ path: String) -> Bool { AnimatedImageWriter.Format(path: path) != nil }
}
