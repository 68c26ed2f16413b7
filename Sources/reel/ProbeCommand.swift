import MediaIO
import MediaTime

/// `reel probe`: what Reel sees in media files (size after rotation, rate, duration, sound).
struct ProbeCommand: Command {
    let name = "probe"
    let summary = "show what Reel reads from media files"
    let synopsis = "<media files...>"
    let options: [OptionSpec] = []

    func run(_ args: ParsedArguments) throws -> ExitStatus {
        guard !args.operands.isEmpty else { throw UsageError(message: "give one or more media files") }
        for path in args.operands {
            let info = try MediaProbe.probe(path)
            var parts = [path + ":"]
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
            Console.out(parts.joined(separator: " "))
        }
        return .success
    }
}
