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
}
