import Foundation
import ReelKit
import ReelTestSupport
import Testing

/// Jobs files: CSV and JSON Lines read into rows, and the mistakes of a file as a whole named
/// with their line and column before anything runs.
@Suite struct JobsFileTests {
    let dir = TemporaryFolder()

    func write(_ name: String, _ text: String) throws -> String {
        let path = dir.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func problems(_ path: String) -> [JobsFileError.Problem] {
        do {
            _ = try JobsFile.read(path)
            return []
        } catch { return error.problems }
    }

    /// Cut at a NUL byte by the system, `a.mp4\0x` and `a.mp4\0y` would be one file: every path
    /// column refuses it, in CSV and (written `\u0000`) in JSON Lines; a text may hold any character.
    @Test func aNULByteInAPathIsAProblemOfTheFileAtItsPlace() throws {
        let csv = try write("jobs.csv", "id,template,media,output,music,voice,text.title\none,t\0x,a.mp4;b\0.mp4,o\0.mp4,s\0.wav,v\0.m4a,T\0\n")
        #expect(
            problems(csv).map(\.description)
                == ["template", "media", "output", "music", "voice"].map {
                    "2: row 1 (id one), column '\($0)': the path holds a NUL byte (\\0), which no file name can hold"
                })
        let jsonl = try write("jobs.jsonl", #"{"id": "one", "template": "t", "media": ["a.mp4", "b\u0000.mp4"]}"# + "\n")
        #expect(problems(jsonl).map(\.place) == ["row 1 (id one), column 'media'"])
        let fine = try write("fine.csv", "id,template,media,text.title\none,t,a.mp4,T\0\n")
        #expect(problems(fine).isEmpty)
    }

    /// Ids are kept in one table as the rows stream by: among thousands (the table grows many
    /// times), ids alike but for a character, or one the prefix of another, stay apart; a repeated
    /// one names the first row that has it, also when written another way in Unicode (as Swift's
    /// strings compare).
    @Test func idsAmongThousandsAreUniqueByTheirWholeText() throws {
        var text = "id,template,media\n"
        for i in 1...5000 { text += "city-\(i),t,a.mp4\n" }
        text += "ciudad-\u{E9},t,a.mp4\nciudad-e\u{301},t,a.mp4\ncity-4,t,a.mp4\ncity-1234,t,a.mp4\n"
        let path = try write("many.csv", text)
        #expect(
            problems(path).map(\.description) == [
                "5003: row 5002, column 'id': 'ciudad-e\u{301}' is the id of row 5001 too",
                "5004: row 5003, column 'id': 'city-4' is the id of row 4 too",
                "5005: row 5004, column 'id': 'city-1234' is the id of row 1234 too",
            ])
        let fine = try write("fine.csv", "id,template,media\n" + (1...5000).map { "c\($0),t,a.mp4\n" }.joined() + "c,t,a\nd\u{E9},t,a\n")
        #expect(problems(fine).isEmpty)
    }

    @Test func csvColumnsBecomeValues() throws {
        let path = try write("jobs.csv", "id,template,media,text.title,seed\none,t,a.mp4; clips/*.mov ;,\"Porto, 2026\",\ntwo,t,b.mp4,,4\n")
        let rows = try JobsFile.read(path)
        #expect(rows.map(\.row) == [1, 2])
        #expect(rows.map(\.line) == [2, 3])
        #expect(rows[0]["media"] == .list(["a.mp4", "clips/*.mov"]))
        #expect(rows[0]["text.title"] == .text("Porto, 2026"))
        // An empty cell is a value not given.
        #expect(rows[0]["seed"] == nil && rows[1]["text.title"] == nil)
        #expect(rows[1]["seed"] == .text("4"))
    }

    @Test func jsonLinesKeysBecomeValues() throws {
        let text = """
            {"id": "one", "template": "t", "media": ["a.mp4", "b.mp4"], "text": {"title": "Lisbon"}, "seed": 3, "use-all": true}

            {"id": "two", "template": "t", "media": "c.mp4", "text.title": "Faro", "output": "sub/{id}.mp4", "quality": null}
            """
        let rows = try JobsFile.read(try write("jobs.jsonl", text + "\r\n"))
        #expect(rows.map(\.row) == [1, 2] && rows.map(\.line) == [1, 3])
        #expect(rows[0]["media"] == .list(["a.mp4", "b.mp4"]) && rows[1]["media"] == .list(["c.mp4"]))
        #expect(rows[0]["text.title"] == .text("Lisbon") && rows[1]["text.title"] == .text("Faro"))
        #expect(rows[0]["seed"] == .text("3") && rows[0]["use-all"] == .text("true") && rows[1]["quality"] == nil)
    }

    @Test func unknownColumnsAreNamedWithTheirLine() throws {
        let csv = problems(try write("a.csv", "id,template,media,sise\n1,t,m,96x160\n"))
        #expect(csv.map(\.line) == [1] && csv.first?.place == "column 'sise'")
        #expect(csv.first?.message.contains("quality") == true, "the message lists the columns")
        let jsonl = problems(
            try write("a.jsonl", "{\"id\": \"1\", \"template\": \"t\", \"media\": [\"m\"]}\n{\"id\": \"2\", \"qualty\": \"draft\"}\n"))
        #expect(jsonl.map(\.line) == [2] && jsonl.first?.place == "key 'qualty'")
    }

    @Test func fileMistakesAreAllReportedAtOnce() throws {
        let ragged = problems(try write("b.csv", "id,template,media\n1,t,m\n2,t\n1,t,m\n\",t,m\n"))
        #expect(ragged.map(\.line) == [5], "a quote never closed is reported alone: the rows after it cannot be read")
        let csv = problems(try write("c.csv", "id,template,media\n1,t,m\n2,t\n1,t,m\n,t,m\nx/y,t,m\n"))
        try #require(csv.map(\.line) == [3, 4, 5, 6])
        #expect(csv[0].message.contains("2 fields") && csv[1].message.contains("row 1") && csv[2].message.contains("no id"))
        let syntax = problems(try write("d.jsonl", "{\"id\": \"1\"}\n{\"id\": 2,}\n[1]\n"))
        try #require(syntax.map(\.line) == [2, 3])
        #expect(syntax[0].place?.hasPrefix("column") == true)
        #expect(!problems(try write("e.txt", "id\n1\n")).isEmpty)
        #expect(!problems(try write("f.csv", "")).isEmpty)
    }
}

/// docs/batch.md documents every column a jobs file may have, and the exit code of failed rows.
@Test func theBatchDocumentNamesEveryColumn() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let doc = try String(contentsOfFile: root + "/docs/batch.md", encoding: .utf8)
    for column in JobsFile.columns + ["text.<key>"] { #expect(doc.contains("`\(column)`"), "docs/batch.md names `\(column)`") }
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    #expect(readme.contains("reel batch jobs.csv") && readme.contains("| 4 | `batch`"))
}
