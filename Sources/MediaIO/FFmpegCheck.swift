import CFFmpeg
import FileAccess

/// FFmpeg's message for an error code.
func ffmpegMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Throws a `FileAccessError` when an FFmpeg call returned a negative code.
@discardableResult
func check(_ code: Int32, _ kind: FileAccessError.Kind, file: String, operation: String) throws(FileAccessError) -> Int32 {
    if code < 0 {
        var k = kind
        if code == reel_averror_invaliddata() || code == reel_averror_eof() { k = kind == .writeFailed ? kind : .corrupt }
        throw FileAccessError(k, file: file, operation: operation, reason: ffmpegMessage(code))
    }
    return code
}
