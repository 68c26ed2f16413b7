#if canImport(Glibc)
    import Glibc
#endif

/// A file that cannot be read or written as asked, naming the file and what was being done.
///
/// Every layer that opens files (the template and timeline readers, the media layer, the CLI)
/// goes through this module, so the reasons read the same wherever a file is refused.
public struct FileAccessError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
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
    }

    package let kind: Kind
    /// The file concerned, as the caller named it.
    package let file: String
    /// What was being done, in a few words ("opening", "creating the output").
    package let operation: String
    package let reason: String

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
