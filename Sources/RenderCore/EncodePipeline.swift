import Foundation
import MediaIO

/// A picture and its sound on their way from drawing to the encoder.
final class EncodeSlot: @unchecked Sendable {
    let picture: Picture
    /// The timeline sample the sound is laid up to with this picture (the encoded track's
    /// packets that start before it); nil in a file without sound.
    var audioThrough: Int64?

    init(picture: Picture) {
        self.picture = picture
    }
}

/// Hands drawn frames to an encoder thread through a fixed ring of slots.
///
/// Ownership of a slot passes to the encoder thread on `submit` and back to the drawing side when
/// the encoder is done with it (`acquire` blocks until a slot is free), so at most `ringSize`
/// pictures exist and no picture is touched by both threads at once.
final class EncodePipeline: @unchecked Sendable {
    private let writer: MP4Writer
    /// An unencoded copy of the frames, for quality measurements.
    private let raw: Y4MWriter?
    private let lock = NSCondition()
    private var free: [EncodeSlot]
    private var queued: [EncodeSlot] = []
    private var closed = false
    private var failure: FileAccessError?
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)
    /// Whether the encoder thread's end has been waited for; owned by the drawing side. The thread
    /// signals `done` once, so a second wait (an `abort` after a failed `finish`) would never return.
    private var joined = false

    init(writer: MP4Writer, raw: Y4MWriter? = nil, ringSize: Int, makePicture: () -> Picture) {
        self.writer = writer
        self.raw = raw
        free = (0..<ringSize).map { _ in EncodeSlot(picture: makePicture()) }
        let t = Thread { [unowned self] in self.run() }
        t.name = "reel.encode"
        thread = t
        t.start()
    }

    /// A free slot to draw into; throws if the encoder has failed.
    func acquire() throws(RenderError) -> EncodeSlot {
        lock.lock()
        defer { lock.unlock() }
        while free.isEmpty && failure == nil { lock.wait() }
        if let failure { throw RenderError(media: failure) }
        return free.removeLast()
    }

    func submit(_ slot: EncodeSlot) {
        lock.lock()
        queued.append(slot)
        lock.signal()
        lock.unlock()
    }

    /// Waits for every submitted frame to be encoded, then finishes the file.
    func finish() throws(RenderError) {
        close()
        join()
        if let failure { throw RenderError(media: failure) }
        do {
            try writer.finish()
            try raw?.close()
        } catch { throw RenderError(media: error) }
    }

    /// Stops the encoder thread without finishing the file.
    func abort() {
        lock.lock()
        queued.removeAll()
        closed = true
        lock.broadcast()
        lock.unlock()
        join()
    }

    private func join() {
        guard !joined else { return }
        done.wait()
        joined = true
    }

    private func close() {
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
    }

    private func run() {
        defer { done.signal() }
        while true {
            lock.lock()
            while queued.isEmpty && !closed { lock.wait() }
            if queued.isEmpty && closed {
                lock.unlock()
                return
            }
            let slot = queued.removeFirst()
            lock.unlock()
            do {
                try writer.writeVideo(slot.picture)
                try raw?.write(slot.picture)
                if let through = slot.audioThrough { try writer.writeAudio(through: through) }
            } catch {
                lock.lock()
                failure = error
                queued.removeAll()
                lock.broadcast()
                lock.unlock()
                return
            }
            lock.lock()
            free.append(slot)
            lock.broadcast()
            lock.unlock()
        }
    }
}
