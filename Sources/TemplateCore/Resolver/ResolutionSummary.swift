import MediaTime

/// The human line for each slot: what filled it, which part, and any compromise.
extension SlotAssignment {
    /// `slot 3 (two) <- IMG_2041.MOV 00:04.20-00:06.70, slowed to 0.8x`.
    public var summary: String {
        let name = media.path.split(separator: "/").last.map(String.init) ?? media.path
        var line = "slot \(number) (\(slotID)) "
        guard let clip else { return line + "skipped: shorter than one frame" }
        line += "<- \(name) "
        switch clip.kind {
        case .image:
            line += "still for \(Self.clock(clip.timelineRange.duration))"
        case .video:
            line += "\(Self.clock(clip.sourceRange.start))-\(Self.clock(clip.sourceRange.end))"
            if clip.speed < RationalTime(seconds: 1) { line += ", slowed to \(Self.decimal(clip.speed))x" }
            if holdsLastFrame {
                // The source range runs past the end of the video; its frames are shown until then.
                let shown = (media.duration ?? .zero) / clip.speed
                line += ", last frame held for \(Self.clock(max(.zero, clip.timelineRange.duration - shown)))"
            }
        }
        if isKindFallback { line += ", a \(media.kind.rawValue) in a slot for another kind" }
        return line
    }

    /// `mm:ss.cc`, rounded to the nearest hundredth; display only.
    static func clock(_ time: RationalTime) -> String {
        let hundredths = time.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        let sign = hundredths < 0 ? "-" : ""
        let h = abs(hundredths)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(sign)\(two(h / 6000)):\(two(h / 100 % 60)).\(two(h % 100))"
    }

    /// A ratio with at most two decimals: `0.8`, `0.53`, `1`.
    static func decimal(_ ratio: RationalTime) -> String {
        let hundredths = ratio.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        var fraction = String(hundredths % 100)
        if fraction.count < 2 { fraction = "0" + fraction }
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction)"
    }
}
