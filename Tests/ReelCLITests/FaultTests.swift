import Foundation
import ReelTestSupport
import Testing

/// No fault hangs and none leaves a file behind: a write that fails at any point ends the run with
/// exit 1 and one line, a FIFO is refused at once wherever it is named, and the leftovers of a
/// killed run are swept by the next one.
@Suite struct FaultTests {
    /// The file-size limit makes the kernel fail a write at an exact byte: the header, the middle
    /// of the picture data, and the index written at the end (when the whole file is rewritten to
    /// put it at the front) all end the run within seconds, with nothing left.
    @Test func aWriteThatFailsAnywhereEndsTheRunCleanly() throws {
        let p = try TinyProject()
        let whole = p.dir.file("whole.mp4")
        let ok = try Reel.run(["render", p.timeline, "-o", whole, "-q"], timeout: 120)
        #expect(ok.status == 0, "\(ok.stderr)")
        let size = ((try FileManager.default.attributesOfItem(atPath: whole))[.size] as? NSNumber)?.intValue ?? 0
        #expect(size > 4000)
        let out = p.dir.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for limit in [600, size / 2, size - 200] {
            let started = Date()
            let r = try Tools.run("prlimit", ["--fsize=\(limit)", Reel.path, "render", p.timeline, "-o", out + "/video.mp4", "-q"], timeout: 60)
            #expect(r.status == 1, "limit \(limit): exit \(r.status): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("reel: error: ") && r.stderr.contains("video.mp4") && r.stderr.contains("File too large"),
                "limit \(limit): \(r.stderr)")
            #expect(Date().timeIntervalSince(started) < 60, "limit \(limit): ended")
            #expect(p.names(in: out) == [], "limit \(limit): left \(p.names(in: out))")
        }
    }

    /// FFmpeg writes through a 32 KB buffer, so a small file fails only at its index. A limit just
    /// above that buffer, on a video of noise (large packets) four times as long as the encoder's
    /// lookahead, fails at the first packets, long before the last frame is drawn: the run still
    /// ends at once with one line naming the output, and nothing is left.
    @Test func aWriteThatFailsAtTheFirstPacketsEndsTheRunCleanly() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir, slots: [("a", "2"), ("b", "2")])
        let media = dir.file("noise")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        for name in ["n1.mp4", "n2.mp4"] {
            try Tools.ffmpeg([
                "-f", "lavfi", "-i", "color=gray:s=160x284:d=2:r=25,noise=alls=100:allf=t", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                media + "/" + name,
            ])
        }
        let timeline = dir.file("t.json")
        let resolved = try Reel.run(["resolve", template, media, "-o", timeline, "-q"])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        let out = dir.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let started = Date()
        let r = try Tools.run(
            "prlimit",
            // The sound is encoded first, into a scratch file the same limit applies to: at 16 kb/s
            // its 4 s stay under it, so the video's packets are what meet it.
            ["--fsize=40000", Reel.path, "render", timeline, "-o", out + "/video.mp4", "--progress", "json", "--audio-bitrate", "16k"],
            timeout: 60)
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("{") }
        #expect(lines.count == 1 && lines[0].hasPrefix("reel: error: "), "one line: \(r.stderr.suffix(300))")
        #expect(r.stderr.contains("video.mp4: writing video: File too large"), "fails in the video data: \(r.stderr.suffix(300))")
        let drawn = r.stderr.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["frame"] as? Int
        }
        #expect((drawn.last ?? 0) < 100, "the run ended before the last frame: \(drawn.last ?? 0) of 100")
        #expect(Date().timeIntervalSince(started) < 30)
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(left.isEmpty, "left \(left)")
    }

    /// A disk that fills during the render: a tiny tmpfs, where the machine lets a test mount one.
    @Test func aDiskThatFillsLateEndsTheRunCleanly() throws {
        let p = try TinyProject()
        let disk = p.dir.file("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try Tools.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk])
        guard mount.status == 0 else {
            print(
                "FaultTests: no tmpfs can be mounted here (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); the file-size limit test covers late write failures"
            )
            return
        }
        defer { _ = try? Tools.run("umount", [disk]) }
        FileManager.default.createFile(atPath: disk + "/filler", contents: Data(count: 40 * 1024))
        let r = try Reel.run(["render", p.timeline, "-o", disk + "/out.mp4", "-q"], timeout: 60)
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(p.names(in: disk) == ["filler"])
    }

    /// A FIFO never blocks Reel: named as media, found in a media folder, or named by a timeline as
    /// a clip, a sound, a mask or a font.
    @Test func aFIFOIsRefusedAtOnceWhereverItIsNamed() throws {
        let p = try TinyProject()
        let fifo = p.dir.file("fifo.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        for args in [["probe", fifo], ["make", p.template, fifo, "-o", p.dir.file("o.mp4")], ["preview", fifo, "-o", p.dir.file("o.png")]] {
            let r = try Reel.run(args, timeout: 30)
            #expect(r.status == 1, "\(args): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("is a FIFO"), "\(args): \(r.stderr)")
        }
        // In a folder, a FIFO is not a photo or video: it is passed over.
        #expect(mkfifo(p.media + "/c.mp4", 0o644) == 0)
        let folder = try Reel.run(["make", p.template, p.media, "-o", p.dir.file("folder.mp4"), "-q"], timeout: 120)
        #expect(folder.status == 0, "\(folder.stderr)")

        let text = try String(contentsOfFile: p.timeline, encoding: .utf8)
        let firstClip = try #require(text.range(of: "media/a.mp4"))
        let asClip = text.replacingCharacters(in: firstClip, with: "fifo.mp4")
        let asMusic = text.replacingOccurrences(of: "tiny/music.m4a", with: "fifo.mp4")
        #expect(asMusic != text)
        for (name, mutated) in [("clip", asClip), ("music", asMusic)] {
            let file = p.dir.file("\(name).json")
            try mutated.write(toFile: file, atomically: true, encoding: .utf8)
            let r = try Reel.run(["render", file, "-o", p.dir.file("\(name).mp4")], timeout: 30)
            #expect(r.status != 0 && r.status != 9, "\(name): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.contains("FIFO"), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: p.dir.file("\(name).mp4")))
        }
        // A timeline file that is itself a FIFO.
        let r = try Reel.run(["render", fifo, "-o", p.dir.file("t.mp4")], timeout: 30)
        #expect(r.status == 3 && r.stderr.contains("FIFO"), "exit \(r.status): \(r.stderr)")
    }

    /// A FIFO as an output is written in place only while a process reads it: with no reader it is
    /// an error at once, never a wait; a batch, which writes files only, refuses one as its
    /// manifest or as a row's output before rendering anything.
    @Test func aFIFOOutputWithoutAReaderEndsTheRunAtOnce() throws {
        let p = try TinyProject()
        let fifo = p.dir.file("nobody.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        for args in [["make", p.template, p.media, "-o", fifo, "-q"], ["render", p.timeline, "-o", fifo, "-q"]] {
            let started = Date()
            let r = try Reel.run(args, timeout: 30)
            #expect(r.status == 1, "\(args): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.contains("no process is reading it"), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
            #expect(Date().timeIntervalSince(started) < 20, "\(args): at once")
        }
        let jobs = p.dir.file("jobs.csv")
        try "id,template,media,quality\none,tiny,media,draft\n".write(toFile: jobs, atomically: true, encoding: .utf8)
        let out = p.dir.file("bq")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(mkfifo(out + "/manifest.jsonl", 0o644) == 0)
        let manifest = try Reel.run(["batch", jobs, "-o", out, "-q"], timeout: 30)
        #expect(manifest.status != 0 && manifest.status != 9, "exit \(manifest.status): \(manifest.stderr)")
        #expect(manifest.stderr.contains("manifest.jsonl") && manifest.stderr.contains("must be a file"), "\(manifest.stderr)")
        #expect(p.names(in: out) == ["manifest.jsonl"])

        let out2 = p.dir.file("bq2")
        try FileManager.default.createDirectory(atPath: out2, withIntermediateDirectories: true)
        #expect(mkfifo(out2 + "/one.mp4", 0o644) == 0)
        let row = try Reel.run(["batch", jobs, "-o", out2, "-q"], timeout: 30)
        #expect(row.status == 4, "exit \(row.status): \(row.stderr)")
        #expect(row.stderr.contains("row 1 (id one)") && row.stderr.contains("must be a file"), "\(row.stderr)")
    }

    /// A run killed with SIGKILL cannot clean up; the next run that writes into that folder removes
    /// its leftover, and leaves the output of the run in progress alone.
    @Test func theLeftoverOfAKilledRunIsSweptByTheNextRun() throws {
        let p = try TinyProject()
        let out = p.dir.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Reel.path)
        process.arguments = ["render", p.timeline, "-o", out + "/video.mp4", "-q", "--quality", "high", "--size", "1080p"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while p.names(in: out).isEmpty && Date() < deadline && process.isRunning { usleep(2000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = p.names(in: out)
        #expect(left.count == 1 && left[0].hasSuffix(".partial"), "\(left)")
        let r = try Reel.run(["render", p.timeline, "-o", out + "/other.mp4", "-q", "--quality", "draft"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(p.names(in: out) == ["other.mp4"])
    }

    /// A two-pass render killed with SIGKILL leaves its scratch folder in the temporary folder; the
    /// next run that makes one removes it, since its lock is free and its process gone.
    @Test func theScratchFolderOfAKilledRunIsSweptByTheNextRun() throws {
        let p = try TinyProject()
        let tmp = p.dir.file("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        let scratch = { p.names(in: tmp).filter { $0.hasPrefix("reel-two-pass-") } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Reel.path)
        process.arguments = ["render", p.timeline, "-o", p.dir.file("killed.mp4"), "-q", "--bitrate", "300k", "--size", "1080p"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": tmp]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The folder is made a moment before its lock: wait until the first pass writes into it
        // (x264's statistics beside the lock), so the kill finds a folder in its swept form.
        let busy = { scratch().contains { p.names(in: tmp + "/" + $0).contains { !$0.hasSuffix(".lock") } } }
        let deadline = Date().addingTimeInterval(60)
        while !busy() && Date() < deadline && process.isRunning { usleep(2000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = scratch()
        #expect(left.count == 1, "the killed run's scratch folder: \(left)")
        let r = try Reel.run(
            ["render", p.timeline, "-o", p.dir.file("next.mp4"), "-q", "--bitrate", "300k"], timeout: 120, environment: ["TMPDIR": tmp])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(scratch() == [], "swept: \(scratch())")
    }

    /// new-template writes as every output is: a copy of the song that fails (here at a file-size
    /// limit) leaves neither a cut-short song nor the folder it made.
    @Test func aNewTemplateThatFailsLeavesNothing() throws {
        let dir = TemporaryFolder()
        let song = dir.file("song.wav")
        try TestMedia.clickTrack(song, bpm: 110, seconds: 14)
        let env = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": dir.file("cache")]) { $1 }
        let r = try Tools.run(
            "prlimit", ["--fsize=100000", Reel.path, "new-template", dir.file("cut"), "--music", song], environment: env, timeout: 60)
        #expect(r.status == 1, "exit \(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("reel: error: ") && r.stderr.contains("File too large"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("cut")), "no folder left")
    }
}
