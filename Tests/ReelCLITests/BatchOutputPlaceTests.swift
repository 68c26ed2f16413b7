import Foundation
import ReelTestSupport
import Testing

/// A batch writes only regular files beneath its output folder, never through a link planted
/// there; reads no output of its own as media; and refuses a path cut short by a NUL byte, in a
/// jobs file, a timeline or a template. Each refusal leaves the file outside as it was.
@Suite struct BatchOutputPlaceTests {
    let project: TinyProject
    var out: String { project.dir.file("out") }
    var victim: String { project.dir.file("victim.txt") }
    let kept = "a file outside the output folder\n"

    init() throws {
        project = try TinyProject()
        try kept.write(toFile: victim, atomically: true, encoding: .utf8)
    }

    func writeJobs(_ text: String, name: String = "jobs.csv") throws -> String {
        let path = project.dir.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func victimIsUnchanged() throws -> Bool { try String(contentsOfFile: victim, encoding: .utf8) == kept }

    @Test func aLinkAtARowsOutputIsRefusedAndTheFileItLeadsToIsKept() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/one.mp4", withDestinationPath: victim)
        let jobs = try writeJobs("id,template,media,quality,size\none,tiny,media,draft,96x160\ntwo,tiny,media,draft,96x160\n")
        let check = try Reel.run(["batch", jobs, "-o", out, "--check"])
        #expect(check.status == 3, "\(check.stderr)")
        #expect(check.stderr.contains("row 1 (id one), column 'output': the output is a symbolic link"), "\(check.stderr)")
        let run = try Reel.run(["batch", jobs, "-o", out])
        #expect(run.status == 4, "\(run.stderr)")
        #expect(try victimIsUnchanged())
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: out + "/one.mp4")) == victim)
        #expect(try Tools.probe(out + "/two.mp4").video?.frames == 50)
    }

    @Test func aLinkedSubfolderOfTheOutputsIsNeverWrittenThrough() throws {
        let outside = project.dir.file("elsewhere")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/videos", withDestinationPath: outside)
        let jobs = try writeJobs("id,template,media,quality,size,output\none,tiny,media,draft,96x160,videos/{id}.mp4\n")
        let run = try Reel.run(["batch", jobs, "-o", out])
        #expect(run.status == 3 || run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("id one"), "\(run.stderr)")
        #expect(project.names(in: outside).isEmpty)
    }

    @Test func aLinkAtTheManifestIsRefusedBeforeAnyRender() throws {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/manifest.jsonl", withDestinationPath: victim)
        let jobs = try writeJobs("id,template,media,quality,size\none,tiny,media,draft,96x160\n")
        for args in [["--check"], []] {
            let r = try Reel.run(["batch", jobs, "-o", out] + args)
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr.contains("manifest.jsonl: creating the output: the manifest is a symbolic link"), "\(r.stderr)")
        }
        #expect(try victimIsUnchanged())
        #expect(!FileManager.default.fileExists(atPath: out + "/one.mp4"))
    }

    @Test func aNULByteInAPathOfACSVOrJSONLinesJobsFileIsAnErrorOfTheFile() throws {
        // Cut at the NUL, both rows would write one.mp4, and the second row's video land on the manifest.
        let csv = try writeJobs(
            "id,template,media,quality,size,output\none,tiny,media,draft,96x160,x.mp4\0a\ntwo,tiny,media,draft,96x160,manifest.jsonl\0b\n")
        let r = try Reel.run(["batch", csv, "-o", out])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("jobs.csv:2: row 1 (id one), column 'output': the path holds a NUL byte"), "\(r.stderr)")
        #expect(r.stderr.contains("jobs.csv:3: row 2 (id two), column 'output'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let jsonl = try writeJobs(
            #"{"id": "one", "template": "tiny", "media": ["media/a.mp4\u0000.txt"], "size": "96x160"}"# + "\n"
                + #"{"id": "two", "template": "tiny\u0000x", "media": "media", "size": "96x160"}"# + "\n", name: "jobs.jsonl")
        let j = try Reel.run(["batch", jsonl, "-o", out, "--check"])
        #expect(j.status == 3, "\(j.stderr)")
        #expect(j.stderr.contains("jobs.jsonl:1: row 1 (id one), column 'media': the path holds a NUL byte"), "\(j.stderr)")
        #expect(j.stderr.contains("jobs.jsonl:2: row 2 (id two), column 'template': the path holds a NUL byte"), "\(j.stderr)")
    }

    @Test func aNULByteInATimelinesPathIsAnErrorAtItsPlace() throws {
        let text = try String(contentsOfFile: project.timeline, encoding: .utf8)
        // The first clip names b.mp4 followed by a NUL: cut there, it would render b.mp4 instead.
        let cut = text.replacingOccurrences(of: "media/a.mp4\"", with: "media/b.mp4\\u0000a.mp4\"")
        #expect(cut != text)
        let timeline = project.dir.file("cut.json")
        try cut.write(toFile: timeline, atomically: true, encoding: .utf8)
        let video = project.dir.file("cut.mp4")
        let r = try Reel.run(["render", timeline, "-o", video])
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr.contains("T039") && r.stderr.contains("/media") && r.stderr.contains("NUL byte"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video))
    }

    @Test func aNULByteInATemplatesAssetPathIsAnErrorAtItsPlace() throws {
        let file = project.template + "/template.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"music.m4a\"", with: "\"music.m4a\\u0000.txt\"").write(toFile: file, atomically: true, encoding: .utf8)
        // validate says the template is not valid with exit 1, as for every error it finds.
        let r = try Reel.run(["validate", project.template])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("T039") && r.stderr.contains("/music/file") && r.stderr.contains("NUL byte"), "\(r.stderr)")
        let video = project.dir.file("made.mp4")
        let make = try Reel.run(["make", project.template, project.media, "-o", video])
        #expect(make.status == 3 && make.stderr.contains("T039"), "\(make.stderr)")
        #expect(!FileManager.default.fileExists(atPath: video))
    }

    @Test func anOutputFolderThatIsOrLiesInARowsMediaIsRefusedBeforeAnyWork() throws {
        let jobs = try writeJobs("id,template,media,quality,size\none,tiny,media,draft,96x160\n")
        let before = project.names(in: project.media)
        let same = try Reel.run(["batch", jobs, "-o", project.media])
        #expect(same.status == 2, "\(same.stderr)")
        #expect(same.stderr.contains("row 1 (id one), column 'media': 'media' is the output folder"), "\(same.stderr)")
        let inner = try Reel.run(["batch", jobs, "-o", project.media + "/out", "--check"])
        #expect(inner.status == 2, "\(inner.stderr)")
        #expect(inner.stderr.contains("'media' holds the output folder"), "\(inner.stderr)")
        #expect(project.names(in: project.media) == before)
    }

    @Test func aRowsMediaThatAnotherRowWritesIsRefusedBeforeAnyWork() throws {
        let jobs = try writeJobs(
            "id,template,media,quality,size\none,tiny,media,draft,96x160\ntwo,tiny,out/one.mp4;media/b.mp4,draft,96x160\n")
        let r = try Reel.run(["batch", jobs, "-o", out])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("row 2 (id two), column 'media': 'out/one.mp4' is the output of row 1 (id one)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let globbed = try writeJobs(
            "id,template,media,quality,size,output\none,tiny,media,draft,96x160,clips/{id}.mp4\ntwo,tiny,out/clips/*.mp4,draft,96x160,\n")
        let g = try Reel.run(["batch", globbed, "-o", out, "--check"])
        #expect(g.status == 2 && g.stderr.contains("holds the output of row 1 (id one)"), "\(g.stderr)")
    }

    /// A link that names an output not written yet (or the output folder, not made yet) is read as
    /// what it names: refused on the first run as surely as on a rerun, by `readlink`.
    @Test func aRowsMediaLinkedToAnOutputNotWrittenYetIsRefusedBeforeAnyWork() throws {
        try FileManager.default.createSymbolicLink(atPath: project.dir.file("v"), withDestinationPath: "out")
        try FileManager.default.createSymbolicLink(atPath: project.dir.file("one-link.mp4"), withDestinationPath: "out/one.mp4")
        for (media, says) in [
            ("v/one.mp4", "'v/one.mp4' is the output of row 1 (id one)"), ("one-link.mp4", "'one-link.mp4' is the output of row 1"),
        ] {
            let jobs = try writeJobs("id,template,media,quality,size\none,tiny,media,draft,96x160\ntwo,tiny,\(media),draft,96x160\n")
            for check in [["--check"], []] {
                let r = try Reel.run(["batch", jobs, "-o", out] + check)
                #expect(r.status == 2, "\(media) \(check): \(r.stderr)")
                #expect(r.stderr.contains("row 2 (id two), column 'media': \(says)"), "\(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: out))
            }
        }
        // A media folder that is a link to a folder of outputs not made yet.
        try FileManager.default.createSymbolicLink(atPath: project.dir.file("w"), withDestinationPath: "out/clips")
        let jobs = try writeJobs("id,template,media,quality,size,output\none,tiny,media,draft,96x160,clips/{id}.mp4\ntwo,tiny,w,draft,96x160,\n")
        let r = try Reel.run(["batch", jobs, "-o", out, "--check"])
        #expect(r.status == 2 && r.stderr.contains("'w' holds the output of row 1 (id one)"), "\(r.stderr)")
    }

}
