import Foundation
import ReelTestSupport
import Testing

/// File names whose bytes are not UTF-8 (old archives, some cameras) are found, listed, read and
/// written under exactly their names, and shown as `\xFF` in messages.
@Suite struct FileNameTests {
    @Test func namesThatAreNotUTF8KeepTheirBytes() throws {
        let dir = TemporaryFolder()
        let template = try makeTemplate(in: dir)
        let media = dir.file("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try TestMedia.jpeg(media + "/plain.jpg")
        // The shell makes the names: Foundation's Process can pass only UTF-8 arguments.
        let script = """
            set -e
            mv "$1/plain.jpg" "$1/$(printf 'bad\\377name.jpg')"
            "$0" probe "$1/$(printf 'bad\\377name.jpg')" >/dev/null
            "$0" make "$2" "$1" -o "$3/$(printf 'o\\377.mp4')" -q
            """
        let r = try Tools.run("/bin/sh", ["-c", script, Reel.path, media, template, dir.path], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(written.count == 3, "\(written)")
        let raw = try Tools.run("/bin/sh", ["-c", "ls \"$0\" | od -An -c", dir.path])
        #expect(raw.stdout.contains("o 377   .   m   p   4"), "\(raw.stdout)")

        let missing = try Tools.run("/bin/sh", ["-c", "\"$0\" probe \"$(printf 'gone\\376.jpg')\"", Reel.path], timeout: 30)
        #expect(missing.status == 1)
        #expect(missing.stderr == "reel: error: gone\\xFE.jpg: opening: no such file\n", "\(missing.stderr)")
    }

    /// The places that once went through Foundation's file manager: a current folder, a template
    /// folder and a timeline's clip whose names are not UTF-8, a batch's output folder, a gallery,
    /// and validate given the template.json of such a folder.
    @Test func foldersAndTimelinesWithSuchNamesWork() throws {
        let dir = TemporaryFolder()
        _ = try makeTemplate(in: dir, name: "tpl")
        let media = dir.file("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try TestMedia.colorClip(media + "/a.mp4", color: "red", seconds: "1")
        try TestMedia.colorClip(media + "/b.mp4", color: "blue", seconds: "1")
        let script = """
            set -e
            cw="$(printf 'cw\\377')"
            tf="$(printf 't\\377')"
            mkdir "$1/$cw"
            cp -r "$1/tpl" "$1/$cw/$tf"
            cp -r "$1/media" "$1/$cw/media"
            cd "$1/$cw"
            "$0" make "$tf" media -o made.mp4 -q
            "$0" resolve "$tf" media -o t.json -q
            "$0" validate "$tf/template.json" >/dev/null
            mkdir nu
            mv media/a.mp4 "nu/$(printf 'caf\\351.mp4')"
            "$0" resolve "$tf" nu media -o t2.json -q
            "$0" render t2.json -o r.mp4 -q
            cp -r "$tf" plain
            printf 'id,template,media,quality\\none,plain,media/b.mp4,draft\\n' > jobs.csv
            "$0" batch jobs.csv -o "$(printf 'bo\\377')" -q
            mkdir gal && cp -r "$tf" gal/
            "$0" gallery gal -o site -q
            ls "$(printf 'bo\\377')"
            test -f "site/$tf.png" && test -f "site/$tf.gif" && echo gallery-sheets
            test -f "site/$tf.sheet.html" && grep -q 'href="t%FF.sheet.html"' site/index.html && echo gallery-pages
            """
        let r = try Tools.run("/bin/sh", ["-c", script, Reel.path, dir.path], timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("one.mp4\n"), "the batch wrote into the folder of that name: \(r.stdout)")
        #expect(r.stdout.contains("gallery-sheets"), "the gallery's pictures keep the byte: \(r.stdout)")
        #expect(r.stdout.contains("gallery-pages"), "the template's page keeps the byte, and the index links to it: \(r.stdout)")
        let folder = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(folder.count == 3, "no second folder with other bytes: \(folder)")
    }
}
