import MediaTime
import ReelKit
import RenderCore
import TemplateCore

/// Rendering steps the commands share: export options from the command line, and the export itself.
extension Workflow {
    /// Options of rendering a person can set.
    static let renderOptions = [
        OptionSpec(long: "quality", short: nil, takesValue: true, help: "draft, standard (default) or high"),
        OptionSpec(
            long: "size", short: nil, takesValue: true,
            help: "render at WIDTHxHEIGHT, at 540p/720p/1080p (the canvas's shape), or in another shape: 9:16, 1:1, 16:9, 4:5"),
        OptionSpec(long: "progress", short: nil, takesValue: true, help: "json: one line of progress a frame batch on stderr, for programs"),
        OptionSpec(long: "bitrate", short: nil, takesValue: true, help: "target video bit rate (e.g. 2M, 800k) instead of constant quality"),
        OptionSpec(
            long: "bpp", short: nil, takesValue: true,
            help: "bit rate from bits per pixel per second (e.g. 6 for chat-sized clips: 240x320 at 6 is 460 kb/s)"),
        OptionSpec(
            long: "audio-bitrate", short: nil, takesValue: true,
            help: "AAC bit rate (e.g. 96k); default the timeline's, lower with a small --bitrate or --bpp"),
        OptionSpec(long: "loudness", short: nil, takesValue: true, help: "normalize the mix to this many LUFS (default -14), or 'off'"),
    ]

    static func exportOptions(_ args: ParsedArguments, canvas: Canvas) throws -> ExportOptions {
        var options: ExportOptions
        switch args.value("quality") ?? "standard" {
        case "draft":
            // superfast, not ultrafast: ultrafast drops CABAC and 8x8 transforms, which makes the stream Baseline, not High.
            options = ExportOptions(crf: 26, preset: "superfast", fastScaling: true)
        case "standard": options = ExportOptions()
        case "high": options = ExportOptions(crf: 18, preset: "slow")
        case let q: throw UsageError(message: "--quality takes draft, standard or high, not '\(q)'")
        }
        if let size = args.value("size") {
            let parsed = try SizeOption.parse(size, canvas: canvas)
            options.width = parsed.width
            options.height = parsed.height
        }
        if let p = args.value("progress"), p != "json" { throw UsageError(message: "--progress takes json, not '\(p)'") }
        if let rate = args.value("bitrate") {
            guard let bits = parseBitrate(rate), Limits.videoBitrate.contains(bits) else {
                throw UsageError(message: "--bitrate takes a rate such as 2M or 800k (\(kilo(Limits.videoBitrate))), not '\(rate)'")
            }
            options.videoBitrate = bits
        }
        if let bpp = args.value("bpp") {
            guard args.value("bitrate") == nil else { throw UsageError(message: "give --bitrate or --bpp, not both") }
            guard let b = Double(bpp), b > 0, b <= 100 else { throw UsageError(message: "--bpp takes a number of bits above 0, not '\(bpp)'") }
            let w = options.width ?? canvas.width
            let h = options.height ?? canvas.height
            options.videoBitrate = min(Limits.videoBitrate.upperBound, max(Limits.videoBitrate.lowerBound, Int((Double(w * h) * b).rounded())))
        }
        if let video = options.videoBitrate { options.audioBitrate = ExportOptions.audioBitrate(forVideoBitrate: video) }
        if let rate = args.value("audio-bitrate") {
            guard let bits = parseBitrate(rate), Limits.audioBitrate.contains(bits) else {
                throw UsageError(message: "--audio-bitrate takes a rate such as 96k (\(kilo(Limits.audioBitrate))), not '\(rate)'")
            }
            options.audioBitrate = bits
        }
        if let l = args.value("loudness") {
            if l == "off" {
                options.loudnessTarget = nil
            } else {
                guard let v = Double(l), v >= -70, v <= 0 else {
                    throw UsageError(message: "--loudness takes LUFS from -70 to 0, or off; not '\(l)'")
                }
                options.loudnessTarget = v
            }
        }
        return options
    }

    /// A range of bit rates as a person writes them: `50k to 200M`.
    static func kilo(_ range: ClosedRange<Int>) -> String {
        func text(_ bits: Int) -> String { bits >= 1_000_000 && bits % 1_000_000 == 0 ? "\(bits / 1_000_000)M" : "\(bits / 1000)k" }
        return "\(text(range.lowerBound)) to \(text(range.upperBound))"
    }

    /// `2M`, `800k`, `1500000` in bits per second.
    static func parseBitrate(_ text: String) -> Int? {
        let lower = text.lowercased()
        var scale = 1.0
        var digits = Substring(lower)
        if lower.hasSuffix("k") {
            scale = 1e3
            digits = digits.dropLast()
        } else if lower.hasSuffix("m") {
            scale = 1e6
            digits = digits.dropLast()
        }
        guard let v = Double(digits), v.isFinite, v > 0 else { return nil }
        return Int((v * scale).rounded())
    }

    /// Renders with a progress line; prints where the file landed and anything covered on the way.
    static func render(_ timeline: Timeline, baseFolder: String?, to output: String, args: ParsedArguments) throws {
        let options = try exportOptions(args, canvas: timeline.canvas)
        if let w = options.width, let h = options.height, let warning = SizeOption.shapeWarning((w, h), canvas: timeline.canvas),
            !args.flag("quiet")
        {
            Console.warning(warning)
        }
        let progress = ProgressLine(label: "rendering", quiet: args.flag("quiet"), json: args.value("progress") == "json")
        defer { progress.finish() }
        let report = try Pipeline.render(
            timeline, to: output, options: options,
            progress: { p in
                progress.update(done: p.overallDone, total: p.overallCount)
            })
        progress.finish()
        for w in report.warnings { Console.warning(w) }
        if !args.flag("quiet") {
            let seconds = timeline.duration.seconds
            Console.out("wrote \(output) (\(timeline.frameCount) frames, \(format(seconds, 2)) s) in \(format(progress.elapsed, 1)) s")
        }
    }
}
