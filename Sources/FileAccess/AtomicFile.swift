import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// An output written under a temporary name in its final folder and renamed when complete.
///
/// A failed, cancelled or interrupted run therefore never leaves a half-written file at the
/// output path, and an existing file there is replaced only by a complete one, which keeps its
/// mode. The temporary file is created exclusively (`O_EXCL`) and locked while it is written, so
/// the leftovers of a run that was killed (`.name.<pid>-<n>.partial`, unlocked, their process gone)
/// are recognised and removed the next time Reel writes into that folder.
///
/// An output that exists and is not a regular file is never replaced: a character device (such as
/// `/dev/null`) or a FIFO is written in place, and `-` is standard output; these are
/// `Destination.stream`, which writers must fill front to back (an MP4 is then fragmented). A
/// FIFO that no process reads is refused at once rather than waited on. A folder, a socket or a
/// block device is refused.
///
/// An output path that is a symbolic link is written where the link leads (links to links
/// followed), as `cp` and editors do: the file the link names is replaced, the link stays.
/// An output beneath a folder held by `OutputFolders`, or made with `init(beneath:name:)` (a
/// batch's videos and manifest), never follows a link: see there.
///
/// A path that holds a NUL byte is refused: the system would cut it there.
package final class AtomicFile {
    /// How the output is written: to a temporary file renamed on `commit()`, or in place to a stream.
    package enum Destination: Sendable, Equatable {
        /// A regular file, written under `temporaryPath` and renamed into place.
        case file
        /// Written in place, front to back, through `descriptor`: a device, a FIFO, or standard output.
        case stream
    }

    /// The path the caller asked for (`-` for standard output).
    package let path: String
    /// Whether writers may seek (`.file`) or must write front to back (`.stream`).
    package let destination: Destination
    /// Where writers write until `commit()`: the temporary file, or the stream's descriptor path.
    package private(set) var temporaryPath: String
    /// The open descriptor of what is written: the temporary file (held for its lock) or the stream.
    package private(set) var descriptor: Int32
    /// Where the finished file is moved: `path`, or the file it leads to when it is a link.
    private var finalPath = ""
    /// Where the temporary file is listed for removal on a signal.
    private let registry: TemporaryFiles
    private var done = false
    /// The mode of the file being replaced, given to the new one when it is complete (not before,
    /// so a writer that reads back what it wrote, as the MP4 muxer does, can always read it).
    private var replacedMode: mode_t?
    /// For an output beneath a folder (`init(beneath:name:)`): the descriptor of the folder it is
    /// created in, and the temporary file's and the output's names in it; -1 otherwise.
    private var folderDescriptor: Int32 = -1
    private var temporaryName = ""
    private var finalName = ""

    /// The name libraries that open outputs by name (FFmpeg, libpng) are given: the descriptor's
    /// `/proc/self/fd` name, which reaches exactly the file created here whatever its name's bytes.
    package var libraryPath: String { "/proc/self/fd/\(descriptor)" }

    /// Whether `path` names standard output.
    static func isStandardOutput(_ path: String) -> Bool { path == "-" }

    /// Opens the output `path`; with `streams` false, anything there but a regular file (a
    /// device, a FIFO, standard output) is refused, for outputs that must be files.
    /// `registry` is where the temporary file is listed for removal on a signal.
    package convenience init(path: String, streams: Bool = true, registry: TemporaryFiles = .shared) throws(FileAccessError) {
        try self.init(path: path, streams: streams, within: OutputFolders.root(containing: path), registry: registry)
    }

    /// An output written in place, front to back, through a copy of `descriptor` (the write end
    /// of a pipe a server streams from); `name` labels errors. The caller keeps and closes its own.
    package init(streamingTo descriptor: Int32, name: String, registry: TemporaryFiles = .shared) throws(FileAccessError) {
        path = name
        self.registry = registry
        destination = .stream
        let fd = reel_fcntl_int(descriptor, F_DUPFD_CLOEXEC, 3)
        guard fd >= 0 else { throw FileAccessError.system(errno, file: name, operation: "creating the output") }
        self.descriptor = fd
        temporaryPath = "/proc/self/fd/\(fd)"
        done = true
    }

    /// Opens the output `name` (a relative path, its subfolders there already:
    /// `FolderMaking.create(beneath:_:)`) beneath `folder` without following any link: `folder` is opened as named, then every subfolder and the
    /// temporary file are reached through descriptors with `O_NOFOLLOW`, and a link (or anything
    /// but a regular file) at the output's name is refused, at open and again when the finished
    /// file is renamed into place (`renameat` on the folder's descriptor, which replaces a name and
    /// never writes through it). For a batch's videos and manifest, whose names come from a file.
    package convenience init(beneath folder: String, name: String, registry: TemporaryFiles = .shared) throws(FileAccessError) {
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        try self.init(path: path, streams: false, within: (root: folder, relative: name), registry: registry)
    }

    private init(path: String, streams: Bool, within: (root: String, relative: String)?, registry: TemporaryFiles) throws(FileAccessError) {
        self.path = path
        self.registry = registry
        let operation = "creating the output"
        if PathBytes.holdsNUL(path) { throw FileAccessError(.failed, file: path, operation: operation, reason: PathBytes.nulReason) }
        if let within {
            destination = .file
            descriptor = -1
            temporaryPath = ""
            done = true  // nothing to discard until the temporary file exists
            try openBeneath(within.root, within.relative, operation: operation)
            return
        }
        if !streams { try Self.checkFileOutput(path, label: "the output") }
        if Self.isStandardOutput(path) {
            destination = .stream
            descriptor = reel_fcntl_int(1, F_DUPFD_CLOEXEC, 3)
            temporaryPath = "/proc/self/fd/\(descriptor)"
            done = true
            return
        }
        // A link is written where it leads: the temporary file goes beside the file it names.
        let target = PathText.linkTarget(path)
        var existing = stat()
        if PathBytes.withCString(target, { lstat($0, &existing) }) == 0, FileKind(mode: existing.st_mode) == .link {
            throw FileAccessError(.failed, file: path, operation: operation, reason: "a loop of symbolic links")
        }
        let name = PathText.name(of: target)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileAccessError(.failed, file: path, operation: operation, reason: "the path names a folder, not a file")
        }
        let folder = PathText.folder(of: target)
        guard FileKind.of(folder) == .folder else {
            throw FileAccessError(.notFound, file: path, operation: operation, reason: "folder \(folder) does not exist")
        }
        let exists = PathBytes.withCString(target) { stat($0, &existing) } == 0
        if exists {
            switch FileKind(mode: existing.st_mode) {
            case .regular:
                break
            case .characterDevice, .fifo:
                let fd = try Self.openStream(target, named: path, operation: operation)
                destination = .stream
                descriptor = fd
                temporaryPath = "/proc/self/fd/\(fd)"
                done = true
                return
            case let kind:
                throw FileAccessError(
                    .failed, file: path, operation: operation, reason: "\(kind.phrase) has that name; Reel writes only files, devices and FIFOs")
            }
        }
        destination = .file
        PartialFiles.removeStale(in: folder)
        let prefix = folder == "." && !target.hasPrefix("./") ? "" : (folder == "/" ? "/" : folder + "/")
        var fd: Int32 = -1
        var candidate = ""
        for _ in 0..<8 {
            candidate = prefix + PartialFiles.name(for: name)
            fd = PathBytes.withCString(candidate) { reel_open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) }
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 { throw .system(errno, file: path, operation: operation) }
        flock(fd, LOCK_EX | LOCK_NB)
        replacedMode = exists ? existing.st_mode & 0o7777 : nil
        descriptor = fd
        temporaryPath = candidate
        finalPath = target
        guard registry.register(candidate) else {
            _ = PathBytes.withCString(candidate) { unlink($0) }
            done = true
            throw registry.full(path)
        }
    }

    /// Throws unless `path` is absent or a regular file (links followed): for outputs that must
    /// be files, such as a batch's videos and manifest. `label` names the output in the message.
    package static func checkFileOutput(_ path: String, label: String) throws(FileAccessError) {
        let kind = isStandardOutput(path) ? .other : FileKind.of(path)
        guard let kind, kind != .regular else { return }
        let what = isStandardOutput(path) ? "standard output" : kind.phrase
        throw FileAccessError(
            .notRegularFile, file: path, operation: "creating the output", reason: "\(label) must be a file, and this is \(what)")
    }

    /// Creates the temporary file of an output beneath `root` (see `init(beneath:name:)`).
    private func openBeneath(_ root: String, _ relative: String, operation: String) throws(FileAccessError) {
        guard let parts = LinkFreeWalk.parts(relative) else {
            throw FileAccessError(.failed, file: path, operation: operation, reason: "the path names a folder, not a file")
        }
        let dir = try LinkFreeWalk.folder(root, Array(parts.dropLast()), create: false, file: path, operation: operation)
        let name = parts[parts.count - 1]
        var existing = stat()
        let exists = PathBytes.withCString(name) { fstatat(dir, $0, &existing, AT_SYMLINK_NOFOLLOW) } == 0
        if exists, FileKind(mode: existing.st_mode) != .regular {
            close(dir)
            throw FileAccessError(
                .notRegularFile, file: path, operation: operation,
                reason: LinkFreeWalk.refusal(FileKind(mode: existing.st_mode), part: name, last: true, label: "the output"))
        }
        let folder = ([root] + parts.dropLast()).joined(separator: "/")
        PartialFiles.removeStale(in: folder)
        var fd: Int32 = -1
        var candidate = ""
        for _ in 0..<8 {
            candidate = PartialFiles.name(for: name)
            fd = PathBytes.withCString(candidate) { reel_openat(dir, $0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666) }
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 {
            let code = errno
            close(dir)
            throw .system(code, file: path, operation: operation)
        }
        flock(fd, LOCK_EX | LOCK_NB)
        replacedMode = exists ? existing.st_mode & 0o7777 : nil
        descriptor = fd
        folderDescriptor = dir
        temporaryName = candidate
        finalName = name
        temporaryPath = folder + "/" + candidate
        finalPath = path
        done = false
        guard registry.register(temporaryPath) else {
            discard()
            throw registry.full(path)
        }
    }

    /// Throws unless every part of `name` beneath `folder` that exists is a folder and the output
    /// itself is absent or a regular file, links not followed (see `init(beneath:name:)`): the check
    /// before any work of what that initializer refuses when it opens.
    package static func checkFileOutput(beneath folder: String, name: String, label: String) throws(FileAccessError) {
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        let operation = "creating the output"
        if PathBytes.holdsNUL(path) { throw FileAccessError(.failed, file: path, operation: operation, reason: PathBytes.nulReason) }
        guard let parts = LinkFreeWalk.parts(name) else {
            throw FileAccessError(.failed, file: path, operation: operation, reason: "the path names a folder, not a file")
        }
        var current = folder
        for (i, part) in parts.enumerated() {
            current = current.hasSuffix("/") ? current + part : current + "/" + part
            guard let kind = FileKind.withoutFollowing(current) else { return }
            let last = i == parts.count - 1
            if kind != (last ? .regular : .folder) {
                throw FileAccessError(
                    .notRegularFile, file: path, operation: operation, reason: LinkFreeWalk.refusal(kind, part: part, last: last, label: label))
            }
        }
    }

    /// Opens a device or FIFO for writing in place. A FIFO is opened without blocking, so one that
    /// no process reads is an error at once (ENXIO) instead of a wait for a reader that never
    /// comes; the flag is then cleared, so writes wait for the reader as a pipe's writes do.
    private static func openStream(_ target: String, named path: String, operation: String) throws(FileAccessError) -> Int32 {
        let fd = PathBytes.withCString(target) { reel_open($0, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0) }
        if fd < 0 {
            if errno == ENXIO {
                throw FileAccessError(.failed, file: path, operation: operation, reason: "is a FIFO (named pipe) and no process is reading it")
            }
            throw .system(errno, file: path, operation: operation)
        }
        let flags = reel_fcntl_int(fd, F_GETFL, 0)
        if flags >= 0 { _ = reel_fcntl_int(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    deinit {
        if !done { discard() }
        if descriptor >= 0 { close(descriptor) }
        if folderDescriptor >= 0 { close(folderDescriptor) }
    }

    /// Moves the finished file into place (its data on disk first, so a crash right after cannot
    /// leave an empty file where a good one was).
    package func commit() throws(FileAccessError) {
        guard !done else { return }
        if fsync(descriptor) != 0 && errno != EINVAL {
            let error = FileAccessError.system(errno, file: path, operation: "writing the output")
            discard()
            throw error
        }
        if let replacedMode { fchmod(descriptor, replacedMode) }
        if folderDescriptor >= 0 {
            // What was checked at open may have changed meanwhile: refuse anything but a file again.
            if let kind = LinkFreeWalk.kind(folderDescriptor, finalName), kind != .regular {
                discard()
                throw FileAccessError(
                    .notRegularFile, file: path, operation: "moving the finished output into place",
                    reason: LinkFreeWalk.refusal(kind, part: finalName, last: true, label: "the output"))
            }
        }
        let moved: Int32
        if folderDescriptor >= 0 {
            let dir = folderDescriptor
            moved = PathBytes.withCString(temporaryName) { from in PathBytes.withCString(finalName) { renameat(dir, from, dir, $0) } }
        } else {
            moved = PathBytes.withCString(temporaryPath) { from in PathBytes.withCString(finalPath) { rename(from, $0) } }
        }
        if moved != 0 {
            let error = FileAccessError.system(errno, file: path, operation: "moving the finished output into place")
            discard()
            throw error
        }
        done = true
        registry.unregister(temporaryPath)
    }

    /// Removes the temporary file; the output path is left untouched.
    package func discard() {
        guard !done else { return }
        done = true
        if folderDescriptor >= 0 {
            let dir = folderDescriptor
            _ = PathBytes.withCString(temporaryName) { unlinkat(dir, $0, 0) }
        } else {
            _ = PathBytes.withCString(temporaryPath) { unlink($0) }
        }
        registry.unregister(temporaryPath)
    }

    /// Writes the whole of `file` to the output, a megabyte at a time (a copy of a song into a
    /// new template).
    package func write(contentsOf file: ReadableFile) throws(FileAccessError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress!, $0.count, offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno, file: file.path, operation: "reading")
            }
            if n == 0 { return }
            try write(Array(buffer[0..<n]))
            offset += off_t(n)
        }
    }

    /// Writes `bytes` to the output (whole), for writers that do not go through a library.
    package func write(_ bytes: [UInt8]) throws(FileAccessError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .system(errno, file: path, operation: "writing the output")
            }
            offset += n
        }
    }
}
