#if canImport(Glibc)
    import Glibc
#endif

/// A file that cannot be opened, read, decoded, encoded or written as asked, naming the file and
/// what was being done: Reel's one error for a file, from the file system to the media libraries.
///
/// Every layer that opens files (the template and timeline readers, the media layer, the CLI)
/// goes through this module, so the reasons read the same wherever a file is refused; the media
/// layer (MediaIO) reports FFmpeg's, libpng's and FreeType's failures in it too, so callers print
/// `file: operation: reason` and never see a C error code.
public struct FileAccessError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What went wrong, as callers branch on it (exit codes, retries); the words for people are in `reason`.
    public enum Kind: Sendable, Equatable {
        // Opening and creating files (FileAccess).

        /// Nothing is at the path.
        case notFound
        /// Something is there, but not a regular file (a FIFO, socket, device or folder), which
        /// Reel never reads, since reading one can block forever or never end.
        case notRegularFile
        /// The path leads outside the folder it must stay in (a link that leaves a template).
        case escapesFolder
        /// The file is larger than the reader accepts.
        case tooLarge
        /// An output would replace one of the run's inputs, or another output.
        case collision
        /// Any other failure of the system call, with its reason.
        case failed

        // Reading and writing media (MediaIO).

        /// The file cannot be read (by a library that opens it itself, such as a font).
        case unreadable
        /// The file is not media FFmpeg understands, or has no usable stream.
        case notMedia
        /// The file is media but broken (truncated, corrupt).
        case corrupt
        /// The media is valid but asks for something Reel does not do (a codec, a size).
        case unsupported
        /// Writing the output failed.
        case writeFailed
        /// A needed library component is missing from this system; `file` names the library or
        /// the data file that was looked for.
        case missingComponent
        /// The operation was cancelled by the user.
        case cancelled
    }

    /// The class of failure, for code that reacts to it; messages print `reason` instead.
    package let kind: Kind
    /// The file concerned, as the caller named it.
    package let file: String
    /// What was being done, in a few words ("opening", "creating the output", "decoding video").
    package let operation: String
    /// The underlying reason, in words.
    package let reason: String

    /// `operation` and `reason` are short phrases that read well after `file:`; neither names a C error code.
    public init(_ kind: Kind, file: String, operation: String, reason: String) {
        self.kind = kind
        self.file = file
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(PathBytes.display(file)): \(operation): \(reason)" }

    /// The error for a failed system call, from `errno`.
    static func system(_ code: Int32, file: String, operation: String) -> FileAccessError {
        switch code {
        case ENOENT: return FileAccessError(.notFound, file: file, operation: operation, reason: "no such file")
        case ENOTDIR: return FileAccessError(.notFound, file: file, operation: operation, reason: "a part of the path is not a folder")
        case EXDEV:
            return FileAccessError(
                .escapesFolder, file: file, operation: operation, reason: "the path leads outside its template folder (a link that leaves it)")
        case ELOOP:
            return FileAccessError(.failed, file: file, operation: operation, reason: "a loop of symbolic links")
        case ENXIO: return FileAccessError(.notRegularFile, file: file, operation: operation, reason: "is a socket or device, not a file")
        default: return FileAccessError(.failed, file: file, operation: operation, reason: String(cString: strerror(code)))
        }
    }
}
