@_exported import FileAccess

extension MediaError {
    /// A file refused or failed by FileAccess, in the media layer's terms.
    public init(_ error: FileAccessError) {
        let kind: Kind
        switch error.kind {
        case .notFound, .notRegularFile, .escapesFolder, .tooLarge: kind = .unreadable
        case .collision, .failed: kind = error.operation.contains("output") || error.operation.contains("writ") ? .writeFailed : .unreadable
        }
        self.init(kind, file: error.file, operation: error.operation, reason: error.reason)
    }
}

extension AtomicFile {
    /// An output for a media writer, its failures as `MediaError`.
    static func forMedia(_ path: String) throws(MediaError) -> AtomicFile {
        do { return try AtomicFile(path: path) } catch { throw MediaError(error) }
    }

    /// `commit()`, its failures as `MediaError`.
    func commitMedia() throws(MediaError) {
        do { try commit() } catch { throw MediaError(error) }
    }
}

extension ReadableFile {
    /// Opens a media file or asset for a library that reads by name, its refusals as `MediaError`.
    static func forMedia(_ path: String, operation: String = "opening") throws(MediaError) -> ReadableFile {
        do { return try ReadableFile(path: path, operation: operation) } catch { throw MediaError(error) }
    }
}
