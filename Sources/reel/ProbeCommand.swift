import MediaIO
import MediaTime
import TemplateCore

/// `reel probe`: what Reel sees in media files (size after rotation, rate, duration, sound).
///
/// `--format json` prints one document for scripts and batch services: exact times as the
/// timeline writes them (`"1001/30000s"`), with seconds beside them for convenience.
struct ProbeCommand: Command {
    let name = "probe"
    let summary = "show what Reel reads from media files"
    let synopsis = "<media files...> [--format text|json]"
    let options = [OptionSpec(long: "format", short: nil, takesValue: true, help: "text (default) or json")]

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard !args.operands.isEmpty else { throw UsageError(message: "give one or more media files") }
        let format = args.value("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError(message: "--format takes text or json, not '\(format)'") }
        var documents: [JSONValue] = []
        for path in args.operands {
            let info = try MediaProbe.probe(path)
            if format == "json" {
                documents.append(Self.json(info))
            } else {
                Console.out(Self.line(info))
            }
        }
        if format == "json" {
            var document = JSONObject()
            document["files"] = .array(documents)
            Console.write(1, JSONWriter.write(.object(document)))
        }
        return .success
    }

    static func line(_ info: MediaInfo) -> String {
        var parts = [info.path + ":"]
        if let v = info.video {
            parts.append(info.isStillImage ? "picture" : "video")
            parts.append("\(v.displayWidth)x\(v.displayHeight)")
            if v.rotation != 0 || v.mirrored { parts.append("(stored \(v.codedWidth)x\(v.codedHeight), turned \(v.rotation)°\(v.mirrored ? " mirrored" : ""))") }
            if let r = v.frameRate { parts.append("\(r) fps") }
            parts.append(v.codec)
            if v.dynamicRange.isHDR { parts.append("HDR \(v.dynamicRange.rawValue.uppercased()) (shown tone-mapped to SDR)") }
        }
        if let d = info.duration { parts.append(clock(d.seconds) + "." + String(Int(d.seconds * 10) % 10)) }
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
        o["audio"] = .array(info.audio.map { a in
            var audio = JSONObject()
            audio["codec"] = .string(a.codec)
            audio["sampleRate"] = .number(JSONNumber(a.sampleRate))
            audio["channels"] = .number(JSONNumber(a.channels))
            if let d = a.duration { time(d, into: &audio, key: "duration") }
            return .object(audio)
        })
        return .object(o)
    }

    /// An exact time and, beside it, its seconds (`"duration": "1001/500s"`, `"durationSeconds": 2.002`).
    private static func time(_ t: RationalTime, into o: inout JSONObject, key: String) {
        o[key] = .string(t.description)
        if let s = JSONNumber(t.seconds) { o[key + "Seconds"] = .number(s) }
    }
}
