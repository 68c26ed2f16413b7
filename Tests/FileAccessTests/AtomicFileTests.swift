import DocumentLimits
import FileAccess
import Foundation
import MediaTime
import Testing

/// Outputs appear whole or not at all, keep the mode of what they replace, never replace a device
/// or FIFO, and the leftovers of killed runs are swept.
///
/// The test that empties and fills a registry of temporary files uses one of its own: the
/// process's is shared with every render the other suites run at the same time.
@Suite struct AtomicFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "reel-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder + "/" + name }
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    @Test func theOutputAppearsOnlyOnCommitAndKeepsTheReplacedMode() throws {
        try "old".write(toFile: path("out.txt"), atomically: false, encoding: .utf8)
        chmod(path("out.txt"), 0o640)
        let output = try AtomicFile(path: path("out.txt"))
        try output.write(Array("new".utf8))
        #expect(try String(contentsOfFile: path("out.txt"), encoding: .utf8) == "old")
        try output.commit()
        #expect(try String(contentsOfFile: path("out.txt"), encoding: .utf8) == "new")
        let mode = (try FileManager.default.attributesOfItem(atPath: path("out.txt"))[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o640)
        #expect(try names() == ["out.txt"])
    }

    @Test func aDiscardedOutputLeavesNothing() throws {
        do {
            let output = try AtomicFile(path: path("out.mp4"))
            try output.write([1, 2, 3])
        }
        #expect(try names() == [])
    }

    @Test func aDeviceIsWrittenInPlaceAndNeverReplaced() throws {
        let output = try AtomicFile(path: "/dev/null")
        #expect(output.destination == .stream)
        try output.write([1, 2, 3])
        try output.commit()
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aFolderOrSocketIsRefused() throws {
        try FileManager.default.createDirectory(atPath: path("sub"), withIntermediateDirectories: false)
        #expect(throws: FileAccessError.self) { try AtomicFile(path: path("sub")) }
        #expect(throws: FileAccessError.self) { try AtomicFile(path: path("missing-folder/out.mp4")) }
    }

    /// A run killed with SIGKILL leaves its temporary file; the next output in that folder removes it,
    /// while the temporary file of a live writer (locked, its process alive) is kept.
    @Test func leftoversOfDeadRunsAreSweptAndLiveOnesKept() throws {
        // A dead writer: a process that has exited, its file unlocked.
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let leftover = ".out.mp4.\(dead.processIdentifier)-12345.partial"
        FileManager.default.createFile(atPath: path(leftover), contents: Data([0]))
        // A live writer in this process: its file stays.
        let live = try AtomicFile(path: path("other.mp4"))
        let unrelated = ".notes.partial"
        FileManager.default.createFile(atPath: path(unrelated), contents: Data([0]))
        let output = try AtomicFile(path: path("next.mp4"))
        let left = try names()
        #expect(!left.contains(leftover))
        #expect(left.contains(unrelated))
        #expect(left.contains((live.temporaryPath as NSString).lastPathComponent))
        output.discard()
        live.discard()
    }

    /// A link as output is written where it leads, as `cp` does: the file it names is replaced
    /// (its temporary file beside that file), and the link stays a link.
    @Test func aLinkIsWrittenWhereItLeads() throws {
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: true)
        try "old".write(toFile: path("real/t.json"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("link.json"), withDestinationPath: "real/t.json")
        try FileManager.default.createSymbolicLink(atPath: path("link2.json"), withDestinationPath: "link.json")
        let output = try AtomicFile(path: path("link2.json"))
        #expect(PathText.folder(of: output.temporaryPath) == path("real"), "the temporary file is beside the target: \(output.temporaryPath)")
        try output.write(Array("new".utf8))
        try output.commit()
        #expect(try String(contentsOfFile: path("real/t.json"), encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.json")) == "real/t.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link2.json")) == "link.json")
        // A link to nothing yet creates what it names; a loop of links is refused.
        try FileManager.default.createSymbolicLink(atPath: path("dangling.mp4"), withDestinationPath: "real/new.mp4")
        let created = try AtomicFile(path: path("dangling.mp4"))
        try created.write([1])
        try created.commit()
        #expect(FileManager.default.contents(atPath: path("real/new.mp4")) == Data([1]))
        try FileManager.default.createSymbolicLink(atPath: path("loop1"), withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: path("loop2"), withDestinationPath: "loop1")
        #expect { try AtomicFile(path: path("loop1")) } throws: { "\($0)".contains("loop") }
    }

    /// A FIFO with no reader is refused at once (a blocking open would wait forever); with a
    /// reader it is written in place.
    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() throws {
        #expect(mkfifo(path("pipe.mp4"), 0o644) == 0)
        let started = Date()
        #expect { try AtomicFile(path: path("pipe.mp4")) } throws: { "\($0)".contains("no process is reading it") }
        #expect(Date().timeIntervalSince(started) < 2)
        let reader = open(path("pipe.mp4"), O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let output = try AtomicFile(path: path("pipe.mp4"))
        #expect(output.destination == .stream)
        try output.write([7, 8, 9])
        var bytes = [UInt8](repeating: 0, count: 3)
        #expect(read(reader, &bytes, 3) == 3 && bytes == [7, 8, 9])
        // Outputs that must be files refuse a FIFO, a device and standard output.
        for other in [path("pipe.mp4"), "/dev/null", "-"] {
            #expect { try AtomicFile(path: other, streams: false) } throws: { "\($0)".contains("must be a file") }
        }
    }

    /// Every temporary file of a batch at its most rows at once is registered for removal on a
    /// signal (the registry once held 32 and dropped the rest in silence), and past the registry's
    /// size an output is refused rather than left off it.
    @Test func everyTemporaryFileOfTheLargestBatchIsRemovedOnASignal() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        let needed = rlim_t(Limits.batchJobs.upperBound * 10 + 256)
        if limit.rlim_cur < needed {
            limit.rlim_cur = min(needed, limit.rlim_max)
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        let registry = TemporaryFiles()
        // One folder each: every output sweeps its folder first, which would make one folder of
        // thousands of temporary files slow.
        func output(_ i: Int) throws(FileAccessError) -> AtomicFile {
            mkdir(path("\(i)"), 0o755)
            return try AtomicFile(path: path("\(i)/row.mp4"), registry: registry)
        }
        func temporaryFiles() -> Int {
            FileManager.default.enumerator(atPath: folder)?.allObjects.filter { ($0 as? String)?.hasSuffix(".partial") == true }.count ?? -1
        }
        let count = Limits.batchJobs.upperBound * 4
        try #require(limit.rlim_cur >= rlim_t(count + 64), "this test needs \(count + 64) open files")
        var outputs: [AtomicFile] = []
        for i in 0..<count { outputs.append(try output(i)) }
        #expect(temporaryFiles() == count)
        registry.removeAllForSignal()
        #expect(temporaryFiles() == 0, "every temporary file is removed")
        for output in outputs { output.discard() }
        outputs.removeAll()

        guard limit.rlim_cur >= needed else { return }
        var refused: FileAccessError?
        for i in 0..<(Limits.batchJobs.upperBound * 10) {
            do throws(FileAccessError) { outputs.append(try output(i)) } catch {
                refused = error
                break
            }
        }
        #expect(refused?.reason.contains("temporary files are being written at once") == true, "\(String(describing: refused))")
        for output in outputs { output.discard() }
        #expect(temporaryFiles() == 0)
    }
}
