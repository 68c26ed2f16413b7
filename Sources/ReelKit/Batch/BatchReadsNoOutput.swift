import FileAccess

/// A batch never reads what it writes: no row's media, song or voice-over may be the output
/// folder, a folder that holds it, a folder that holds a row's output, or a file another row
/// writes. Otherwise the first run would use one row's fresh video as another row's clip (a rerun
/// already refuses it, by file identity, once the video exists). And no two rows write one output.
///
/// Checked by place before any render, over every row of the file (a shard reads what another
/// shard writes as surely), whether or not the files are there yet: each place is the real path
/// of its deepest existing folder and the names below it (`PathText.resolvedLocation`).
///
/// Rows are added one at a time as the jobs file is read; what is kept is each output's name
/// with the row that writes it, the folders above those outputs, and the first row to read each
/// media place (rows often share their media: each place is resolved once, a few system calls).
struct BatchReadsNoOutput {
    let jobsFile: String
    let outputFolder: String

    /// The row that writes an output or holds it in a folder of its own.
    struct Writer {
        let row: Int
        let line: Int
        let id: String
    }

    /// A media place as the first row to read it names it.
    private struct Read {
        let row: Int
        let line: Int
        let id: String
        let column: String
        let item: String
        /// The place, before its links are resolved.
        let literal: String
        /// A glob of names in one folder: it reads that folder's files, not what is beneath them.
        let flat: Bool
    }

    /// Outputs by their name beneath the output folder, each with its writer (the same number).
    private var outputs = NameTable()
    private var writers: [(row: Int32, line: Int32, id: Int32)] = []
    private var ids = NameTable()
    /// Every folder between the output folder and an output (by its name beneath the output
    /// folder), with the output's number: media there would list outputs.
    private var holders = NameTable()
    private var held: [Int32] = []
    /// Two rows that write one output: a mistake of the file, found over all its rows (not only
    /// a shard's), so every shard of an array job refuses it alike.
    private var clashes: [JobsFileError.Problem] = []
    private var readIndex: [String: Int] = [:]
    private var reads: [Read] = []

    init(jobsFile: String, outputFolder: String) {
        self.jobsFile = jobsFile
        self.outputFolder = outputFolder
    }

    /// Notes what the row writes and reads.
    mutating func add(_ record: JobRecord) {
        let id = record["id"]?.items.first
        if let id, case .success(let name) = BatchNames.output(record["output"]?.items.first ?? BatchNames.defaultOutput, id: id) {
            let (index, added) = outputs.insert(name)
            if !added {
                clashes.append(
                    .init(
                        line: record.line, place: "row \(record.row), column 'output'",
                        message: "'\(name)' is the output of row \(writers[index].row) too"))
            } else {
                // The file's size bounds rows and lines far below Int32's range.
                writers.append((Int32(record.row), Int32(record.line), Int32(ids.insert(id).index)))
                let parts = name.split(separator: "/")
                for depth in stride(from: parts.count - 1, to: 0, by: -1) {
                    guard holders.insert(parts[0..<depth].joined(separator: "/")).inserted else { break }
                    held.append(Int32(index))
                }
            }
        }
        let jobsFolder = PathText.folder(of: jobsFile)
        for column in ["media", "music", "voice"] {
            for item in record[column]?.items ?? [] where !item.isEmpty {
                let path = item.hasPrefix("/") ? item : BatchNames.join(jobsFolder, item)
                // A glob of names in one folder (`clips/*.mp4`) reads that folder's files; one
                // with a wildcard in a folder's name, anything beneath its literal part.
                let glob = MediaGlob.isGlob(path)
                let flat = glob && !MediaGlob.isGlob(PathText.folder(of: path))
                let literal = !glob ? path : flat ? PathText.folder(of: path) : Self.literalFolder(of: path)
                let key = (flat ? "f" : "p") + literal
                guard readIndex[key] == nil else { continue }
                readIndex[key] = reads.count
                reads.append(Read(row: record.row, line: record.line, id: id ?? "", column: column, item: item, literal: literal, flat: flat))
            }
        }
    }

    /// Each output's name beneath the output folder, and the row that writes it, in row order.
    func forEachOutput(_ body: (String, Writer) -> Void) {
        for index in 0..<outputs.count { body(outputs[index], writer(index)) }
    }

    private func writer(_ index: Int) -> Writer {
        let w = writers[index]
        return Writer(row: Int(w.row), line: Int(w.line), id: ids[Int(w.id)])
    }

    /// Throws, once every row is added, the rows that write one output (exit 3), or else a
    /// collision (exit 2) naming the first row and value that would read an output, and the
    /// output folder or the row that writes it.
    func check() throws(BatchError) {
        if !clashes.isEmpty { throw .jobsFile(JobsFileError(file: jobsFile, problems: clashes)) }
        let root = PathText.resolvedLocation(outputFolder)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        func refuse(_ read: Read, _ why: String) -> BatchError {
            .file(
                FileAccessError(
                    .collision, file: "\(jobsFile):\(read.line)", operation: "checking the outputs",
                    reason:
                        "row \(read.row) (id \(read.id)), column '\(read.column)': '\(PathBytes.display(read.item))' \(why); a batch never reads what it writes: keep the output folder apart from the media"
                ))
        }
        func describe(_ writer: Writer) -> String { "row \(writer.row) (id \(writer.id))" }
        var places: [String: String] = [:]
        for read in reads {
            let place = places[read.literal] ?? PathText.resolvedLocation(PathText.linkTarget(read.literal))
            places[read.literal] = place
            if place == root || (!read.flat && root.hasPrefix(place == "/" ? "/" : place + "/")) {
                throw refuse(
                    read,
                    place == root
                        ? "is the output folder \(PathBytes.display(outputFolder))"
                        : "holds the output folder \(PathBytes.display(outputFolder))")
            }
            guard place.hasPrefix(prefix) else { continue }
            let name = String(place.dropFirst(prefix.count))
            if let index = outputs.index(of: name) { throw refuse(read, "is the output of \(describe(writer(index)))") }
            if let index = holders.index(of: name) { throw refuse(read, "holds the output of \(describe(writer(Int(held[index]))))") }
        }
    }

    /// The folder of a glob before its first component with a wildcard (`clips` for `clips/*/a.mp4`).
    static func literalFolder(of pattern: String) -> String {
        var kept: [Substring] = []
        for part in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            if MediaGlob.isGlob(String(part)) { break }
            kept.append(part)
        }
        let joined = kept.joined(separator: "/")
        return joined.isEmpty ? (pattern.hasPrefix("/") ? "/" : ".") : joined
    }
}
