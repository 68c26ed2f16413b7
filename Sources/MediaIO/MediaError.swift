import CFFmpeg
import FileAccess

/// A failure of a media operation, naming the file and what was being done.
///
/// Every FFmpeg, libpng or file-system error leaves the media layer as one of these, so callers
/// print `file: operation: reason` and never see a C error code.
public struct MediaError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be opened.
        case unreadable
        /// The file is not media FFmpeg understands, or has no usable stream.
        case notMedia
        /// The file is media but broken (truncated, corrupt).
        case corrupt
        /// The media is valid but asks for something Reel does not do (a codec, a size).
        case unsupported
        /// Writing the output failed.
        case writeFailed
        /// A needed library component is missing from this system.
        case missingComponent
        /// The operation was cancelled by the user.
        case cancelled
    }

    package let kind: Kind
    /// The file concerned, as given by the caller.
    package let file: String
    /// What Reel was doing, in a few words ("opening", "decoding video").
    package let operation: String
    /// The underlying reason, in words.
    package let reason: String

    public init(_ kind: Kind, file: String, operation: String, reason: String) {
        self.kind = kind
        self.file = file
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(PathBytes.display(file)): \(operation): \(reason)" }
}

/// FFmpeg's message for an error code.
func ffmpegMessage(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Throws a `MediaError` when an FFmpeg call returned a negative code.
@discardableResult
func check(_ code: Int32, _ kind: MediaError.Kind, file: String, operation: String) throws(MediaError) -> Int32 {
    if code < 0 {
        var k = kind
        if code == reel_averror_invaliddata() || code == reel_averror_eof() { k = kind == .writeFailed ? kind : .corrupt }
        throw MediaError(k, file: file, operation: operation, reason: ffmpegMessage(code))
    }
    return code
}

/// Silences FFmpeg's own logging: Reel reports errors itself, one line per problem.
package enum MediaLibrary {
    nonisolated(unsafe) private static var configured = false

    /// Call once at start-up, before any other MediaIO work.
    package static func configure(verbose: Bool = false) {
        if configured { return }
        configured = true
        av_log_set_level(verbose ? AV_LOG_WARNING : AV_LOG_QUIET)
    }

    /// Checks that the encoders export needs are present, so a missing one is reported before any work.
    package static func checkEncoders() throws(MediaError) {
        if avcodec_find_encoder_by_name("libx264") == nil {
            throw MediaError(
                .missingComponent, file: "libavcodec", operation: "looking for the H.264 encoder",
                reason: "this FFmpeg has no libx264; install Debian's libavcodec59 (with libx264-164), for example by running scripts/setup")
        }
        if avcodec_find_encoder(AV_CODEC_ID_AAC) == nil {
            throw MediaError(
                .missingComponent, file: "libavcodec", operation: "looking for the AAC encoder",
                reason: "this FFmpeg has no AAC encoder; install Debian's libavcodec59 by running scripts/setup")
        }
    }

    /// Versions of the linked libraries, for `reel --version`.
    package static var versions: String {
        func v(_ x: UInt32) -> String { "\(x >> 16).\((x >> 8) & 0xff).\(x & 0xff)" }
        return "libavformat \(v(avformat_version())), libavcodec \(v(avcodec_version())), libswscale \(v(swscale_version()))"
    }
}
