import CFFmpeg
import FileAccess

#if canImport(Glibc)
    import Glibc
#endif

/// SHA-256 of bytes and files (libavutil's implementation), written as lowercase hex.
///
/// A batch tells a finished output from a changed or cut-short one, and inputs that changed from
/// inputs that did not, by their content: a copy of the same media on another machine, with
/// another modification time, hashes the same.
package final class Digest {
    private let context: OpaquePointer

    /// A fresh SHA-256 context; feed it with `update`, then read `finish()` once.
    package init() {
        // av_sha_alloc fails only when memory is exhausted, which nothing here could recover from.
        guard let c = av_sha_alloc() else { fatalError("out of memory allocating a SHA-256 context") }
        context = c
        av_sha_init(context, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    /// Adds bytes; the digest depends only on the concatenation, not on how it was split.
    package func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { av_sha_update(context, $0.baseAddress, $0.count) }
    }

    /// Adds the text's UTF-8 bytes, no terminator.
    package func update(_ text: String) { update(Array(text.utf8)) }

    /// The digest as 64 hex digits; the context is spent.
    package func finish() -> String {
        var out = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &out)
        return out.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The SHA-256 of `bytes`.
    package static func hex(of bytes: [UInt8]) -> String {
        let d = Digest()
        d.update(bytes)
        return d.finish()
    }

    /// The SHA-256 of a file's content and its size, read through `ReadableFile` (so only a
    /// regular file is read, beneath its template folder when it lies in one).
    package static func file(_ path: String) throws(FileAccessError) -> (hex: String, size: Int64) {
        let file = try ReadableFile(path: path, operation: "hashing")
        let d = Digest()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: Int64 = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(.failed, file: path, operation: "hashing", reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            buffer.withUnsafeBufferPointer { av_sha_update(d.context, $0.baseAddress, n) }
            offset += Int64(n)
        }
        return (d.finish(), offset)
    }

    /// The SHA-256 of a file's size and of its first and last `edge` bytes (the whole file when
    /// shorter than twice that), read through `ReadableFile`: a cheap fingerprint that tells a
    /// medium replaced or re-encoded (its header, its index and its length change) from the same
    /// file copied elsewhere, where a modification time would differ, without reading it all.
    package static func fingerprint(_ path: String, edge: Int64 = 1 << 20) throws(FileAccessError) -> (hex: String, size: Int64) {
        let file = try ReadableFile(path: path, operation: "fingerprinting")
        let d = Digest()
        d.update("size \(file.size)\n")
        let ranges: [Range<Int64>] =
            file.size <= 2 * edge ? [0..<file.size] : [0..<edge, (file.size - edge)..<file.size]
        var buffer = [UInt8](repeating: 0, count: Int(min(edge, 1 << 20)))
        for range in ranges {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let want = Int(min(Int64(buffer.count), range.upperBound - offset))
                let n = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress!, want, off_t(offset)) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileAccessError(.failed, file: path, operation: "fingerprinting", reason: String(cString: strerror(errno)))
                }
                if n == 0 { break }
                buffer.withUnsafeBufferPointer { av_sha_update(d.context, $0.baseAddress, n) }
                offset += Int64(n)
            }
        }
        return (d.finish(), file.size)
    }
}
