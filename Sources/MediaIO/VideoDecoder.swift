import CFFmpeg
import MediaTime

/// Decodes one video file and answers "which picture is shown at source time t", frame-exactly (or,
/// as a `FrameChoice` says, which is the last to start strictly before t).
///
/// Reading forward is the cheap path: consecutive requests decode only what lies between them.
/// A request behind the current picture, or far ahead of it, seeks to the keyframe before the
/// target and decodes forward to it, so the answer is the exact frame and never a nearby keyframe.
/// Past the last frame, the last frame is shown (a clip that ends early holds).
package final class VideoDecoder {
    /// The file decoded, as the caller named it, for messages.
    package let path: String
    let input: InputFile
    let streamIndex: Int32
    let codec: UnsafeMutablePointer<AVCodecContext>
    let timeBase: AVRational
    /// Stream time of source time zero.
    let startTicks: Int64
    private let loop: DecodeLoop
    /// The picture shown at the last request, and the one after it (which says where it ends).
    private var current: VideoFrame?
    private var lookahead: VideoFrame?
    private var drained = false
    /// The decoder was drained after a single look's target, not at the end of the file.
    private var stoppedAtTarget = false
    /// The time of the request answered last.
    private var lastRequest: RationalTime?
    /// Forward distance beyond which seeking is cheaper than decoding through.
    private let seekThreshold = RationalTime(seconds: 2)
    /// Number of packets the decoder refused as corrupt (they are skipped).
    package private(set) var corruptPackets = 0
    /// Decoded pictures that came out damaged and were replaced by the last good one.
    package private(set) var damagedFrames = 0
    /// Source time of the first damage found, for the warning that names it.
    package private(set) var firstDamage: RationalTime?
    /// The last picture decoded whole: shown in place of damaged ones, so damage never flashes on screen.
    private var lastGood: FrameBox?
    /// Length prefix size of H.264 NAL units, when pictures no one refers to can be recognised.
    private let nalLengthSize: Int?
    /// Packets left undecoded: non-reference pictures no request was going to show.
    package private(set) var skippedPackets = 0
    /// Pictures the codec has returned since the decoder was opened: what decoding has cost so far.
    package private(set) var decodedPictures = 0
    /// Pictures skipped since the last seek and not yet passed: the times the choice in use would
    /// show each for.
    private var skipped: [ShowSpan] = []
    /// Which picture answers the requests being made.
    private var choice = FrameChoice.displayed
    /// Source time between successive requests, as the caller last said.
    private var step: RationalTime?
    /// Length of the stream when the file says (for looping).
    package let duration: RationalTime?
    /// What this decoder may save on pictures decoded only to reach the one asked for.
    package let economy: DecodeEconomy

    /// Opens the file's best video stream; `threads` 0 lets FFmpeg choose, and `economy` says what decoding may skip.
    package init(path: String, threads: Int = 0, economy: DecodeEconomy = .none) throws(FileAccessError) {
        self.path = path
        self.economy = economy
        let opened = try DecodingStream(path: path, type: AVMEDIA_TYPE_VIDEO, threads: Int32(threads))
        input = opened.input
        streamIndex = opened.index
        timeBase = opened.timeBase
        startTicks = opened.startTicks
        duration = MediaProbe.streamDuration(opened.stream) ?? MediaProbe.containerDuration(input)
        nalLengthSize = DisposableFrames.nalLengthSize(codecpar: opened.stream.pointee.codecpar)
        codec = opened.codec
        loop = opened.loop
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&c)
    }

    /// The frame displayed at `time` (source time, zero at the stream's first frame).
    ///
    /// - Parameter step: the source time between this request and the next ones, when the caller
    ///   plays forward on a regular grid (a clip's frame duration times its speed). It lets the
    ///   decoder leave undecoded the non-reference pictures no request will land on: a 60 fps
    ///   source rendered at 30 fps decodes about half its disposable pictures. A later request that
    ///   does land on a skipped picture seeks back and decodes it, so answers are always exact.
    ///   - choice: the picture on screen at `time`, or the last one starting strictly before it.
    ///     Requests after one another keep one choice (what was skipped was skipped for it); a
    ///     change of choice seeks.
    package func frame(at time: RationalTime, step: RationalTime? = nil, choice: FrameChoice = .displayed) throws(FileAccessError) -> VideoFrame {
        self.step = step.flatMap { $0.isPositive ? $0 : nil }
        if choice != self.choice {
            self.choice = choice
            try seek(to: time)
        }
        defer { lastRequest = time }
        if skipped.contains(where: { $0.contains(time) }) {
            try seek(to: time)
        }
        skipped.removeAll { !$0.isReached(forwardFrom: time, step: nil) }
        if let cur = current {
            // After a single look the pictures between the target and the lookahead were never
            // decoded, so only the very time asked for is known to show the current picture.
            let holds =
                stoppedAtTarget
                ? time == lastRequest : choice.hasStarted(cur.time, by: time) && (lookahead.map { !choice.hasStarted($0.time, by: time) } ?? drained)
            if holds { return cur }
            let behind = !choice.hasStarted(cur.time, by: time)
            let farAhead = time > cur.time + seekThreshold
            if behind || farAhead || stoppedAtTarget { try seek(to: time) }
        } else if time > seekThreshold {
            try seek(to: time)
        }
        while true {
            let next: VideoFrame
            if let la = lookahead {
                next = la
                lookahead = nil
            } else if let decoded = try decodeNext(before: time) {
                next = decoded
            } else {
                drained = true
                if let cur = current { return cur }
                throw FileAccessError(.corrupt, file: path, operation: "decoding video", reason: "no picture could be decoded")
            }
            if !choice.hasStarted(next.time, by: time), let cur = current {
                lookahead = next
                return cur
            }
            current = next
            if !choice.hasStarted(next.time, by: time) {
                // Asked for a time before the first frame: show the first frame.
                return next
            }
        }
    }

    /// Decodes from the keyframe at or before `time` through the picture shown at `time`, handing
    /// `visit` every picture on the way in presentation order, then the one after it (which says
    /// where the picture at `time` stops being shown) unless the stream ends first.
    ///
    /// Reverse playback reads a group of pictures once this way and shows them backwards, instead of
    /// seeking back to the keyframe for every picture. Nothing is skipped: on a reverse walk, any
    /// picture before `time` may be shown next. Afterwards the decoder stands at `time`, as after
    /// `frame(at: time)`.
    /// - Returns: true when the stream ended after the last picture visited (it holds to the end).
    func decodeGroup(
        through time: RationalTime, choice: FrameChoice = .displayed, visit: (VideoFrame) throws(FileAccessError) -> Void
    ) throws(FileAccessError) -> Bool {
        self.choice = choice
        try seek(to: time)
        step = nil
        lastRequest = time
        while true {
            guard let next = try decodeNext(before: nil) else {
                drained = true
                if current == nil {
                    throw FileAccessError(.corrupt, file: path, operation: "decoding video", reason: "no picture could be decoded")
                }
                return true
            }
            try visit(next)
            if !choice.hasStarted(next.time, by: time), current != nil {
                lookahead = next
                return false
            }
            current = next
        }
    }

    /// Whether no request at `target` or after it (on the step grid) will show the picture on
    /// screen over `interval`, by the choice in use. (Keyframes are references, so a picture is
    /// always decoded for the time asked, even past the end.)
    private func isUnneeded(_ interval: TimeRange, target: RationalTime) -> Bool {
        !choice.span(of: interval).isReached(forwardFrom: target, step: step)
    }

    /// When a packet's picture is on screen, in source time; nil when the file does not say.
    private func displayInterval(_ p: UnsafeMutablePointer<AVPacket>) -> TimeRange? {
        let pts = p.pointee.pts
        let length = p.pointee.duration
        guard pts != reel_nopts(), length > 0 else { return nil }
        let since = ticks(pts, since: startTicks)
        let (endTicks, past) = since.addingReportingOverflow(length)
        guard !past else { return nil }
        let start = exactTime(since, timeBase)
        let end = exactTime(endTicks, timeBase)
        return end > start ? TimeRange(start: start, end: end) : nil
    }

    private func seek(to time: RationalTime) throws(FileAccessError) {
        let tick = RationalTime(value: Int64(timeBase.num), timescale: Int64(timeBase.den))
        let target = choice.lastTick(for: time, tick: tick) + startTicks
        let r = av_seek_frame(input.context, streamIndex, target, AVSEEK_FLAG_BACKWARD)
        if r < 0 {
            // Some files cannot seek; rewind to the start and decode forward.
            av_seek_frame(input.context, streamIndex, startTicks, AVSEEK_FLAG_BACKWARD)
        }
        avcodec_flush_buffers(codec)
        skipped.removeAll()
        lastGood = nil
        current = nil
        lookahead = nil
        drained = false
        loop.restart()
        stoppedAtTarget = false
    }

    /// The next decoded picture in presentation order, or nil at the end of the stream.
    /// - Parameter target: the time being asked for. Requests only move forward between seeks, so a
    ///   non-reference picture whose display ends by then will never be shown: it is not decoded
    ///   (a 60 fps source rendered at 30 fps decodes about half its disposable pictures). Nil when
    ///   every picture may be shown (a reverse walk): all are decoded in full.
    private func decodeNext(before target: RationalTime?) throws(FileAccessError) -> VideoFrame? {
        let box = FrameBox()
        while true {
            let step = loop.next(
                into: box.frame,
                onPacket: { packet in
                    let span = displayInterval(packet)
                    if let target, let n = nalLengthSize, let span, isUnneeded(span, target: target),
                        DisposableFrames.isDisposable(packet, nalLengthSize: n)
                    {
                        skippedPackets += 1
                        skipped.append(choice.span(of: span))
                        return false
                    }
                    if economy != .none, let span {
                        // Pictures shown before the target are only references on the way to it.
                        let passed = target.map { !choice.span(of: span).isReached(forwardFrom: $0, step: nil) } == true
                        codec.pointee.skip_loop_filter = passed ? AVDISCARD_ALL : AVDISCARD_DEFAULT
                    }
                    return true
                },
                onSent: { packet, s in
                    if economy == .stills, let span = displayInterval(packet), let target, choice.span(of: span).contains(target) {
                        // Everything the target refers to came before it: drain rather than feed ahead.
                        loop.drain()
                        stoppedAtTarget = true
                    }
                    if s < 0 && s != reel_averror_eagain() {
                        corruptPackets += 1
                        let pts = packet.pointee.pts
                        if firstDamage == nil && pts != reel_nopts() { firstDamage = exactTime(ticks(pts, since: startTicks), timeBase) }
                    }
                }, onReadError: { _ in corruptPackets += 1 })
            switch step {
            case .end:
                return nil
            case .failed(let r):
                corruptPackets += 1
                if corruptPackets > 1000 { try check(r, .corrupt, file: path, operation: "decoding video") }
                continue
            case .frame:
                decodedPictures += 1
                var pts = box.frame.pointee.best_effort_timestamp
                if pts == reel_nopts() { pts = box.frame.pointee.pts }
                if pts == reel_nopts() { pts = startTicks }
                let time = exactTime(ticks(pts, since: startTicks), timeBase)
                let damaged = box.frame.pointee.decode_error_flags != 0 || box.frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0
                if damaged {
                    damagedFrames += 1
                    if firstDamage == nil { firstDamage = time }
                    if let good = lastGood { return VideoFrame(scalable: good, time: time, file: path) }
                }
                let frame = try VideoFrame(decoded: box, time: time, file: path)
                if !damaged { lastGood = frame.box }
                return frame
            }
        }
    }
}
