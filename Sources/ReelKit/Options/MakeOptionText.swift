import DocumentLimits
import MediaTime
import RenderCore
import TemplateResolver
import TimelineModel

/// The options of `make` as a person writes them (`--quality draft`, a `quality` column), and the
/// values they stand for.
///
/// One place parses them, so the command line and a batch's rows accept exactly the same values
/// and say the same when a value is wrong.
public struct MakeOptionText: Sendable, Hashable {
    /// The option names, without dashes: the command line's `--<name>` and a jobs file's columns.
    public static let names = ["order", "use-all", "seed", "reframe", "quality", "size", "bitrate", "bpp", "audio-bitrate", "loudness"]

    /// `--order`: `given`, `name` or `date`; nil keeps the default.
    public var order: String?
    /// `--use-all`: grow the template until every medium is used.
    public var useAll: Bool
    /// `--seed`: a whole number 0 or more, for choices that vary; nil keeps the default.
    public var seed: String?
    /// `--quality`: `draft`, `standard` or `high`.
    public var quality: String?
    /// `--size`: `WIDTHxHEIGHT`, a height such as `720p`, or a shape such as `9:16` (see `SizeOption`).
    public var size: String?
    /// `--bitrate`: an average video rate such as `2M` or `800k`, within `Limits.videoBitrate`; excludes `bpp`.
    public var bitrate: String?
    /// `--bpp`: a video rate given as bits a second per output pixel; excludes `bitrate`.
    public var bpp: String?
    /// `--audio-bitrate`: an AAC rate such as `96k`, within `Limits.audioBitrate`.
    public var audioBitrate: String?
    /// `--loudness`: a target in LUFS from -70 to 0, or `off`.
    public var loudness: String?
    /// `cover` (the default) or `smart`: frame cover places smart where cover would cut away more
    /// than `FramingSettings.reframeCutAway` of the picture.
    public var reframe: String?

    /// Values as written, unchecked; nil (and false) leave the template's and the timeline's settings.
    public init(
        order: String? = nil, useAll: Bool = false, seed: String? = nil, quality: String? = nil, size: String? = nil,
        bitrate: String? = nil, bpp: String? = nil, audioBitrate: String? = nil, loudness: String? = nil, reframe: String? = nil
    ) {
        self.order = order
        self.useAll = useAll
        self.seed = seed
        self.quality = quality
        self.size = size
        self.bitrate = bitrate
        self.bpp = bpp
        self.audioBitrate = audioBitrate
        self.loudness = loudness
        self.reframe = reframe
    }

    /// The resolver's options these set (order, `use-all`, seed, reframe), over `base` (texts, output settings).
    public func resolveOptions(_ base: ResolveOptions = ResolveOptions()) throws(OptionValueError) -> ResolveOptions {
        var options = base
        if let order {
            guard let o = MediaOrder(rawValue: order) else {
                throw OptionValueError(option: "order", message: "takes given, name or date, not '\(order)'")
            }
            options.order = o
        }
        options.useAll = useAll
        if let seed {
            guard let s = UInt64(seed) else { throw OptionValueError(option: "seed", message: "takes a whole number 0 or more, not '\(seed)'") }
            options.seed = s
        }
        options.reframe = try reframeValue()
        return options
    }

    /// The `reframe` given, checked.
    public func reframeValue() throws(OptionValueError) -> Reframe {
        guard let reframe else { return .cover }
        guard let r = Reframe(rawValue: reframe) else {
            throw OptionValueError(option: "reframe", message: "takes cover or smart, not '\(reframe)'")
        }
        return r
    }

    /// The export's options these set for a template or timeline of `canvas`.
    public func exportOptions(canvas: Canvas) throws(OptionValueError) -> ExportOptions {
        var options: ExportOptions
        switch quality ?? "standard" {
        case "draft":
            // superfast, not ultrafast: ultrafast drops CABAC and 8x8 transforms, which makes the stream Baseline, not High.
            options = ExportOptions(crf: 26, preset: "superfast", fastScaling: true)
        case "standard": options = ExportOptions()
        case "high": options = ExportOptions(crf: 18, preset: "slow")
        case let q: throw OptionValueError(option: "quality", message: "takes draft, standard or high, not '\(q)'")
        }
        if let size {
            let parsed = try SizeOption.parse(size, canvas: canvas)
            options.width = parsed.width
            options.height = parsed.height
        }
        if let rate = bitrate {
            guard let bits = Self.bitsPerSecond(rate), Limits.videoBitrate.contains(bits) else {
                throw OptionValueError(
                    option: "bitrate", message: "takes a rate such as 2M or 800k (\(Self.kilo(Limits.videoBitrate))), not '\(rate)'")
            }
            options.videoBitrate = bits
        }
        if let bpp {
            guard bitrate == nil else { throw OptionValueError(option: "bpp", message: "and bitrate cannot both be given") }
            guard let b = Double(bpp), b > 0, b <= 100 else {
                throw OptionValueError(option: "bpp", message: "takes a number of bits above 0, not '\(bpp)'")
            }
            let w = options.width ?? canvas.width
            let h = options.height ?? canvas.height
            options.videoBitrate = min(Limits.videoBitrate.upperBound, max(Limits.videoBitrate.lowerBound, Int((Double(w * h) * b).rounded())))
        }
        if let video = options.videoBitrate { options.audioBitrate = ExportOptions.audioBitrate(forVideoBitrate: video) }
        if let rate = audioBitrate {
            guard let bits = Self.bitsPerSecond(rate), Limits.audioBitrate.contains(bits) else {
                throw OptionValueError(
                    option: "audio-bitrate", message: "takes a rate such as 96k (\(Self.kilo(Limits.audioBitrate))), not '\(rate)'")
            }
            options.audioBitrate = bits
        }
        if let l = loudness {
            if l == "off" {
                options.loudnessTarget = nil
            } else {
                guard let v = Double(l), v >= -70, v <= 0 else {
                    throw OptionValueError(option: "loudness", message: "takes LUFS from -70 to 0, or off; not '\(l)'")
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
    static func bitsPerSecond(_ text: String) -> Int? {
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
        // Past the largest rate taken the value is refused by the caller's range: capped here, so
        // that a huge number (`1e300`) is a wrong value, not a trap converting it to Int.
        guard let v = Double(digits), v.isFinite, v > 0 else { return nil }
        return Int(min((v * scale).rounded(), Double(Int32.max)))
    }
}
