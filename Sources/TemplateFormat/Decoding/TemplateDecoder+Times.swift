import DocumentJSON
import MediaTime
import TimelineModel

/// Times of the video, written in seconds, frames or beats, and the note said when a rule cannot
/// run because a value it needs is broken.
///
/// Beats are counted on the music's beat grid from a point of the video: a layer's start from
/// the start of the video, its duration and its entering animation from the layer's start, its
/// leaving animation back from the layer's end. With a tempo a beat always lasts 60/tempo s;
/// with a list of beats the length of *n* beats depends on where they are counted from.
extension TemplateDecoder {
    /// Which way beats are counted from the reference point.
    package enum BeatDirection {
        case forward
        case backward
    }

    /// A point in the video (`start`, `cover`): beats count from the start of the video.
    mutating func videoTime(_ value: JSONValue, at path: JSONPath, from origin: RationalTime, what: String) -> RationalTime? {
        guard let written = context.templateTime(value, at: path, beats: true) else { return nil }
        return length(of: written, from: origin, at: path, what: what)
    }

    /// The exact length of `written` counted from `reference` (nil when that point is unknown);
    /// nil after reporting an error or a skipped check. Problems name the time as `shown`
    /// (`written` unless given).
    package mutating func length(
        of written: TemplateTime, from reference: RationalTime?, direction: BeatDirection = .forward,
        at path: JSONPath, what: String, shown: TemplateTime? = nil, referenceName: String = "where it is counted from"
    ) -> RationalTime? {
        let text = (shown ?? written).text
        switch written {
        case .seconds(let t):
            return t
        case .frames(let n):
            guard facts.frameRateKnown else {
                skipped("\(what) (\(text)) is not computed", at: path, because: "frames need the canvas frame rate, which has an error")
                return nil
            }
            return frameRate.time(ofFrame: n)
        case .beats(let n):
            guard let grid = facts.beats else {
                if facts.beatsAwaitFile {
                    // Beats would be found in the music file, which has an error: one note for them all.
                    if !facts.beatsAwaitFileNoted {
                        facts.beatsAwaitFileNoted = true
                        skipped(
                            "times written in beats are not computed (the first: \(what), \(text))", at: path,
                            because: "the music gives no tempo or beats, so they are found in its file, which has an error")
                    }
                } else if facts.beatsBroken {
                    skipped(
                        "\(what) (\(text)) is not computed", at: path,
                        because: "beats need the music's tempo or beat list, which has an error")
                } else {
                    context.error(
                        .beatsNeeded, "\(what) is \(text), but the music has no beats", at: path,
                        notes: [
                            facts.hasMusic
                                ? "give the music a \"tempo\" (and \"firstBeat\") or a list of \"beats\""
                                : "add music with a \"tempo\" or a list of \"beats\"",
                            "or write the time in seconds or frames",
                        ])
                }
                return nil
            }
            // With a steady tempo, n beats last the same wherever they are counted from.
            guard let from = reference ?? (grid.isSteady ? .zero : nil) else {
                skipped(
                    "\(what) (\(text)) is not computed", at: path,
                    because: "with a list of beats, beats count from \(referenceName), which is not known because of an error")
                return nil
            }
            let signed = direction == .forward ? n : -n
            guard let end = grid.end(from: from, beats: signed),
                let span = (direction == .forward ? end.subtractingReportingOverflow(from) : from.subtractingReportingOverflow(end))
            else {
                context.error(
                    .totalDuration, "\(what) (\(text)) cannot be computed exactly", at: path,
                    notes: ["give the beats as a tempo, or with fewer decimals"])
                return nil
            }
            return span
        }
    }

    /// A time within `range`, in seconds, frames or beats counted from `reference`.
    mutating func boundedLength(
        _ value: JSONValue, at path: JSONPath, from reference: RationalTime?, direction: BeatDirection = .forward,
        in range: ClosedRange<RationalTime>, what: String, referenceName: String
    ) -> RationalTime? {
        guard let written = context.templateTime(value, at: path, beats: true),
            let t = length(of: written, from: reference, direction: direction, at: path, what: what, referenceName: referenceName)
        else { return nil }
        guard range.contains(t) else {
            let bounds = "\(TimeText.string(from: range.lowerBound))...\(TimeText.string(from: range.upperBound))"
            let shown = written.unit == "seconds" ? TimeText.string(from: t) : "\(written.text) (\(TimeText.string(from: t)))"
            context.error(.outOfRange, "\(what) \(shown) is outside \(bounds)", at: path, notes: ["use a time from \(bounds)"])
            return nil
        }
        return t
    }

    /// Notes (T070) that a rule was not checked, and why: the value it needs has an error.
    package mutating func skipped(_ what: String, at path: JSONPath, because reason: String) {
        context.report(
            .note, .checkSkipped, "\(what): \(reason)", at: path,
            notes: ["fix the error it depends on, and this is checked in the next run"])
    }
}

extension BeatGrid {
    /// True for a tempo: every beat lasts the same, so a count of beats has one length.
    var isSteady: Bool {
        if case .tempo = kind { return true }
        return false
    }
}
