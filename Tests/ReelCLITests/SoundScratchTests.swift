import Foundation
import ReelTestSupport
import Testing

/// The encoded sound waits in a scratch folder of the temporary folder while the pictures are
/// drawn; none of it is left after a render, a failed one or one stopped by a signal.
@Suite struct SoundScratchTests {
    /// A private temporary folder for one `reel` run, and the environment that points it there.
    func environment(_ p: TinyProject) throws -> (folder: String, env: [String: String]) {
        let tmp = p.dir.file("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = tmp
        return (tmp, env)
    }

    /// The sound's scratch folders in `tmp`, and the files in them.
    func leftovers(_ p: TinyProject, in tmp: String) -> (folders: [String], files: [String]) {
        let folders = p.names(in: tmp).filter { $0.hasPrefix("reel-sound-") }
        return (folders, folders.flatMap { p.names(in: tmp + "/" + $0) })
    }

    @Test func aRenderAndAFailedOneLeaveNoScratch() throws {
        let p = try TinyProject()
        let (tmp, env) = try environment(p)
        let ok = try Tools.run(Reel.path, ["render", p.timeline, "-o", p.dir.file("out.mp4"), "-q", "--quality", "draft"], environment: env)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(leftovers(p, in: tmp).folders.isEmpty)
        // A render that fails: its output cannot be made where it is asked for.
        let bad = try Tools.run(
            Reel.path, ["render", p.timeline, "-o", p.dir.file("no/such/folder/out.mp4"), "-q", "--quality", "draft"], environment: env)
        #expect(bad.status != 0)
        #expect(leftovers(p, in: tmp).folders.isEmpty)
    }

    /// A run stopped by SIGINT while drawing unlinks the sound's file on its way out; its folder
    /// keeps only the lock naming the dead run, and the next run removes it.
    @Test func aRenderStoppedBySIGINTLeavesNoSoundFile() throws {
        let p = try TinyProject()
        let (tmp, env) = try environment(p)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Reel.path)
        // At 1080p the pictures take seconds after the sound is encoded: time to see its file.
        process.arguments = ["render", p.timeline, "-o", p.dir.file("out.mp4"), "-q", "--quality", "high", "--size", "1080p"]
        process.environment = env
        process.standardError = FileHandle.nullDevice
        try process.run()
        let isLock = { (name: String) in name.hasPrefix(".reel-") && name.hasSuffix(".lock") }
        // The folder's lock is made before the sound's file: wait for the sound.
        let deadline = Date().addingTimeInterval(60)
        while leftovers(p, in: tmp).files.allSatisfy(isLock) && Date() < deadline && process.isRunning { usleep(1000) }
        let seen = leftovers(p, in: tmp).files
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(seen.filter { !isLock($0) } == ["sound.aac"], "the sound waited in its scratch file while the pictures were drawn")
        #expect(process.terminationStatus != 0)
        // Only the folder's lock stays (it names the dead run), and the next run sweeps the folder.
        #expect(leftovers(p, in: tmp).files.allSatisfy(isLock))
        let next = try Tools.run(Reel.path, ["render", p.timeline, "-o", p.dir.file("again.mp4"), "-q", "--quality", "draft"], environment: env)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(leftovers(p, in: tmp).folders.isEmpty)
    }
}
