import MediaTime
import RenderCore
import TimelineModel

/// Which moments of a timeline a contact sheet shows.
public enum SheetSelection: Sendable, Hashable {
    /// One cell per main-track clip (a template's slots), at its midpoint.
    case slots
    /// A cell every interval from the start.
    case every(RationalTime)
    /// This many cells, evenly spaced (each at the middle of its share of the video).
    case count(Int)
}

/// One cell to draw: the output frame and the lines under it.
package struct SheetCell: Sendable, Hashable {
    /// Output frame index from the start of the timeline, at its frame rate.
    package var frame: Int64
    /// Label lines under the cell, top first; `ContactSheet.label` draws the first bright, the rest dimmer.
    package var lines: [String]

    /// Plain values; `frame` must lie within the timeline.
    package init(frame: Int64, lines: [String]) {
        self.frame = frame
        self.lines = lines
    }
}

/// Chooses the frames of a timeline's contact sheet and writes their labels. Pure: no media is read.
package enum SheetCells {
    /// The cells `selection` picks, in time order; throws for an empty timeline or a selection that picks nothing.
    package static func cells(for timeline: Timeline, selection: SheetSelection) throws(PreviewError) -> [SheetCell] {
        let rate = timeline.frameRate
        let frameCount = timeline.frameCount
        let name = timeline.source ?? "timeline"
        guard frameCount > 0 else { throw .nothingToShow(file: name, reason: "the timeline is empty") }
        let main = timeline.clips.filter { $0.layer == 0 }
        switch selection {
        case .slots:
            guard !main.isEmpty else { throw .nothingToShow(file: name, reason: "the timeline has no clips on its main track") }
            return main.enumerated().map { i, clip in
                let range = clip.timelineRange
                let first = rate.frame(at: range.start, rounding: .up)
                let last = max(first, rate.frame(at: range.end, rounding: .up) - 1)
                let middle = rate.frame(at: range.start + range.duration / 2, rounding: .down)
                return SheetCell(
                    frame: min(max(middle, first), min(last, frameCount - 1)),
                    lines: [
                        "\(i + 1) \(clip.id)", "\(clock(range.start))–\(clock(range.end))  \(seconds(range.duration))",
                        transitionInto(clip, timeline),
                    ])
            }
        case .every(let interval):
            guard interval.isPositive else { throw .nothingToShow(file: name, reason: "the interval must be longer than zero") }
            var frames: [Int64] = []
            var t = RationalTime.zero
            while t < timeline.duration && frames.count <= SheetLayout.maxCells {
                frames.append(min(rate.frame(at: t, rounding: .down), frameCount - 1))
                t = t + interval
            }
            return frames.map { cell(at: $0, timeline: timeline, main: main) }
        case .count(let n):
            guard n > 0 else { throw .nothingToShow(file: name, reason: "ask for at least one frame") }
            return (0..<Int64(n)).map { i in
                // The middle of share i: (2i + 1) / 2n of the way through, in whole frames.
                let frame = min(frameCount - 1, (2 * i + 1) * frameCount / (2 * Int64(n)))
                return cell(at: frame, timeline: timeline, main: main)
            }
        }
    }

    private static func cell(at frame: Int64, timeline: Timeline, main: [VideoClip]) -> SheetCell {
        let t = timeline.frameRate.time(ofFrame: frame)
        var lines = [clock(t)]
        if let i = main.firstIndex(where: { $0.timelineRange.contains(t) }) {
            lines.append("\(i + 1) \(main[i].id)")
        }
        if let transition = timeline.transitions.first(where: { $0.range.contains(t) }) {
            lines.append("\(transition.kind) \(transition.from) → \(transition.to)")
        }
        return SheetCell(frame: frame, lines: lines)
    }

    private static func transitionInto(_ clip: VideoClip, _ timeline: Timeline) -> String {
        guard let t = timeline.transitions.first(where: { $0.to == clip.id }) else {
            return clip.timelineRange.start.isZero ? "start" : "cut in"
        }
        return "\(t.kind) in, \(seconds(t.range.duration))"
    }

    /// `m:ss.cc`, for people (display only: the frame chosen is exact).
    package static func clock(_ time: RationalTime) -> String {
        let hundredths = time.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        let minutes = hundredths / 6000
        let rest = hundredths % 6000
        let s = rest / 100
        let c = rest % 100
        return "\(minutes):\(s < 10 ? "0" : "")\(s).\(c < 10 ? "0" : "")\(c)"
    }

    /// `2.5 s`, `0.47 s`: a length, for people.
    package static func seconds(_ time: RationalTime) -> String {
        let hundredths = time.ticks(timescale: 100, rounding: .toNearestOrAwayFromZero)
        var text = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
