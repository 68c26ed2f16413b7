import Foundation
import MediaIO
import MediaTime
import RenderCore
import SubjectDetection
import Subjects
import TemplateFormat

/// A classic contact sheet of a video file: evenly spaced frames with their times.
///
/// Each cell is the exact frame shown at the time printed under it: the decoder seeks to the
/// keyframe before the time and decodes forward to it (never the keyframe instead, and never frame 0
/// near the end). Where a chosen frame is black or much blurrier than the sheet's typical frame, a
/// few nearby times within the cell's own share of the video are tried and the best one is kept,
/// with its own time under it. The cells are split between the cores, each half read forward by
/// its own decoder. Given the file's subjects (`AnalysisCache.subjects(of:)`), each cell also
/// shows the boxes of the last sample at or before its time: faces in green, salient regions in
/// yellow.
package enum VideoSheet {
    /// The sheet drawn for a video file, still to be written out.
    public struct Result {
        /// The finished sheet, header and labels drawn.
        package let sheet: ContactSheet
        /// The presentation time of the frame in each cell, as printed under it.
        package let times: [RationalTime]
    }

    /// Cells when the grid is not given: two rows of five for portrait video, four by three otherwise.
    static func defaultCount(width: Int, height: Int) -> Int { height > width ? 10 : 12 }

    /// Draws `count` cells (default by orientation) of the video at `path`; throws for a still image or a file without video.
    package static func make(
        _ path: String, count: Int? = nil, options: SheetLayoutOptions = SheetLayoutOptions(),
        header: Bool = true, subjects: MediaSubjects? = nil
    ) throws -> Result {
        let info = try MediaProbe.probe(path)
        guard let video = info.video, !info.isStillImage else {
            throw FileAccessError(.notMedia, file: path, operation: "making a contact sheet", reason: "the file has no video")
        }
        guard let duration = video.duration ?? info.duration, duration.isPositive else {
            throw FileAccessError(.unsupported, file: path, operation: "making a contact sheet", reason: "the file does not say how long it is")
        }
        let n = options.gridCellCount ?? count ?? defaultCount(width: video.displayWidth, height: video.displayHeight)
        let headerLines = header ? 2 : 0
        let layout = try SheetLayout(
            cells: n, aspect: Double(video.displayWidth) / Double(max(1, video.displayHeight)),
            options: options, labelLines: 1, headerLines: headerLines)
        let sheet = try ContactSheet(layout: layout, background: options.background)
        let placement = MediaIO.Placement(rotation: video.rotation, mirrored: video.mirrored, cover: false)
        let targets = (0..<Int64(n)).map { i in duration * RationalTime(value: 2 * i + 1, timescale: 2 * Int64(n)) }
        let share = duration / Int64(n)

        let cells = try grab(path: path, times: targets, layout: layout, placement: placement)
        let typical = median(cells.map(\.quality.detail))
        var chosen = cells
        let grabber = try CellGrabber(path: path, layout: layout, placement: placement)
        for i in cells.indices where cells[i].quality.isBlack || cells[i].quality.isBlurred(typicalDetail: typical) {
            // Nearby times, inside this cell's share of the video so the sheet stays in order.
            for (num, den) in [(-1, 4), (1, 4), (-3, 8), (3, 8)] as [(Int64, Int64)] {
                let t = (targets[i] + share * RationalTime(value: num, timescale: den)).clamped(to: .zero, duration)
                let candidate = try grabber.cell(at: t)
                if candidate.quality.isBetter(than: chosen[i].quality) { chosen[i] = candidate }
            }
        }
        for (i, cell) in chosen.enumerated() {
            if let subjects, let sample = subjects.samples.last(where: { $0.time <= cell.time }) ?? subjects.samples.first {
                SubjectMarks.draw(
                    sample.boxes, on: cell.picture,
                    in: shownRect(cell: cell.picture, width: video.displayWidth, height: video.displayHeight))
            }
            sheet.place(cell.picture, at: i)
            try sheet.label([clockMillis(cell.time)], at: i)
        }
        if header {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            var facts = ["\(video.displayWidth)x\(video.displayHeight)"]
            if let rate = video.frameRate { facts.append("\(SheetHeader.format2(rate.framesPerSecond)) fps") }
            facts.append(clockMillis(duration))
            facts.append(video.codec)
            facts.append(info.hasAudio ? "with sound" : "no sound")
            try sheet.header(title: name, details: [facts.joined(separator: "  ·  ")])
        }
        return Result(sheet: sheet, times: chosen.map(\.time))
    }

    /// The cells at `times`, decoded by one decoder per core; each takes the next cell not yet taken,
    /// so a core whose cells were cheap does not sit idle.
    static func grab(path: String, times: [RationalTime], layout: SheetLayout, placement: MediaIO.Placement) throws -> [GrabbedCell] {
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), 4, times.count)
        let results = GrabResults(count: times.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do {
                let grabber = try CellGrabber(path: path, layout: layout, placement: placement)
                while let i = results.take() {
                    do { results.set(i, .success(try grabber.cell(at: times[i]))) } catch { results.set(i, .failure(error)) }
                }
            } catch {
                while let i = results.take() { results.set(i, .failure(error)) }
            }
        }
        return try results.values()
    }

    /// Where a `width` × `height` picture fitted inside a cell picture lies (centred, as the
    /// scaler places it).
    static func shownRect(cell: Picture, width: Int, height: Int) -> PixelRect {
        let scale = min(Double(cell.width) / Double(max(1, width)), Double(cell.height) / Double(max(1, height)))
        let w = min(cell.width, Int((Double(width) * scale).rounded()))
        let h = min(cell.height, Int((Double(height) * scale).rounded()))
        return PixelRect(x: (cell.width - w) / 2, y: (cell.height - h) / 2, width: w, height: h)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// `m:ss.mmm`: the frame's own presentation time, to the millisecond.
    static func clockMillis(_ time: RationalTime) -> String {
        let ms = time.ticks(timescale: 1000, rounding: .down)
        let minutes = ms / 60000
        let rest = ms % 60000
        let s = rest / 1000
        let f = rest % 1000
        let frac = f < 10 ? "00\(f)" : f < 100 ? "0\(f)" : "\(f)"
        return "\(minutes):\(s < 10 ? "0" : "")\(s).\(frac)"
    }
}

/// One decoded, scaled cell and what it shows.
struct GrabbedCell: @unchecked Sendable {
    let picture: Picture
    let time: RationalTime
    let quality: FrameQuality
}

/// A file's frames as a clip's (`VideoFileFrames`, on a decoder of its own) and a scaler that turn
/// times of one file into cell pictures.
final class CellGrabber {
    private let frames: VideoFileFrames
    let scaler = FrameScaler(fast: false)
    let layout: SheetLayout
    let placement: MediaIO.Placement

    init(path: String, layout: SheetLayout, placement: MediaIO.Placement) throws(FileAccessError) {
        // One decoding thread each: the sheet runs a grabber per core.
        frames = try VideoFileFrames(path: path, decoderThreads: 1)
        self.layout = layout
        self.placement = placement
    }

    func cell(at time: RationalTime) throws(FileAccessError) -> GrabbedCell {
        var shown = time
        let scaler = self.scaler
        let placement = self.placement
        let framed = try frames.picture(at: time, width: layout.cellWidth, height: layout.cellHeight) {
            (decoded: VideoFrame, picture: Picture) throws(FileAccessError) in
            shown = decoded.time
            picture.fill(y: 16, u: 128, v: 128)
            try scaler.draw(
                decoded, placement: placement, into: picture, rect: PixelRect(x: 0, y: 0, width: picture.width, height: picture.height))
        }
        let picture = Picture(width: framed.width, height: framed.height)
        picture.copy(from: framed)
        return GrabbedCell(picture: picture, time: shown, quality: FrameQuality(picture))
    }
}

/// Results written by concurrent workers, each into its own slots.
final class GrabResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<GrabbedCell, any Error>?]
    private var nextCell = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next cell no worker has taken, in order; nil when all are taken.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextCell < slots.count else { return nil }
        nextCell += 1
        return nextCell - 1
    }

    func set(_ i: Int, _ r: Result<GrabbedCell, any Error>) {
        lock.lock()
        slots[i] = r
        lock.unlock()
    }

    func values() throws -> [GrabbedCell] {
        lock.lock()
        defer { lock.unlock() }
        return try slots.map { slot in
            guard let slot else { throw PreviewError.layout("a cell was not drawn") }
            return try slot.get()
        }
    }
}
