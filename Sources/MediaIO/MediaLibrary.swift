import CFFmpeg
import FileAccess

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
    package static func checkEncoders() throws(FileAccessError) {
        if avcodec_find_encoder_by_name("libx264") == nil {
            throw FileAccessError(
                .missingComponent, file: "libavcodec", operation: "looking for the H.264 encoder",
                reason: "this FFmpeg has no libx264; install Debian's libavcodec59 (with libx264-164), for example by running scripts/setup")
        }
        if avcodec_find_encoder(AV_CODEC_ID_AAC) == nil {
            throw FileAccessError(
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
