import CMHD

/// A response body made while it is sent (a video rendered as it streams): its length is not
/// known, so it goes out in chunks (`Transfer-Encoding: chunked`).
///
/// The connection's thread calls `read` until it returns 0 (the end) or less (a failure, which
/// closes the connection mid-body), then `close` once; `close` also comes when the client goes
/// away first, at the next chunk, and must stop whatever makes the bytes.
package protocol HTTPBodyStream: AnyObject, Sendable {
    /// Fills the start of `buffer` with the next bytes, waiting until some are ready; their count,
    /// 0 at the end, negative on failure.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// The exchange is over, whole or not: stop making bytes and let go of what is held.
    func close()
}

/// libmicrohttpd's callbacks for a streamed body; the stream reaches them as a retained box.
enum StreamCallbacks {
    /// Holds the stream for the library, which gives it back to `free` once.
    final class Box {
        let stream: any HTTPBodyStream
        init(_ stream: any HTTPBodyStream) { self.stream = stream }
    }

    /// Bytes per call: a fragment of a preview stream is tens of kilobytes.
    static let blockSize = 64 * 1024

    /// The library's response for `stream`; nil (with the stream closed) when it refuses.
    static func response(_ stream: any HTTPBodyStream) -> OpaquePointer? {
        let box = Unmanaged.passRetained(Box(stream)).toOpaque()
        guard let made = MHD_create_response_from_callback(UInt64.max, blockSize, read, box, free) else {
            Unmanaged<Box>.fromOpaque(box).release()
            stream.close()
            return nil
        }
        return made
    }

    static let read: MHD_ContentReaderCallback = { cls, _, buffer, max in
        guard let cls, let buffer else { return -2 }
        let stream = Unmanaged<Box>.fromOpaque(cls).takeUnretainedValue().stream
        let n = stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
        // -1 ends the body (the last chunk is sent), -2 closes the connection: a failure mid-body.
        return n > 0 ? n : (n == 0 ? -1 : -2)
    }

    static let free: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let box = Unmanaged<Box>.fromOpaque(cls).takeRetainedValue()
        box.stream.close()
    }
}
