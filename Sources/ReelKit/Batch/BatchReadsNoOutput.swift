import FileAccess

/// A batch never reads what it writes: no row's media, song or voice-over may be the output
/// folder, a folder that holds it, a folder that holds a row's output, or a file another row
/// writes. Otherwise the first run would use one row's fresh video as another row's clip (a rerun
/// already refuses it, by file identity, once the video exists).
///
/// Checked by place before any render, over every row of the file (a shard reads what another
/// shard writes as surely), whether or not the files are there yet: each place is the real path
/// of its deepest existing folder and the names below it (`PathText.resolvedLocation`).
enum BatchReadsNoOutput {
    /// Throws a collision (exit 2) naming the row and value that would read an output, and the
    /// output folder or the row that writes it.
    static func check(_ records: [JobRecord], jobsFile: String, outputFolder: String) throws(BatchError) {
        let jobsFolder = PathText.folder(of: jobsFile)
        let root = PathText.resolvedLocation(outputFolder)
        var outputs: [String: JobRecord] = [:]
        // Every folder between the output folder and an output: media there would list outputs.
        var holders: [String: JobRecord] = [:]
        for record in records {
            guard let id = record["id"]?.items.first,
                case .success(let name) = BatchNames.output(record["output"]?.items.first ?? BatchNames.defaultOutput, id: id)
            else { continue }
            let place = BatchNames.join(root, name)
            outputs[place] = record
            var folder = PathText.folder(of: place)
            while folder.count > root.count, holders[folder] == nil {
                holders[folder] = record
                folder = PathText.folder(of: folder)
            }
        }
        func refuse(_ record: JobRecord, _ column: String, _ value: String, _ why: String) -> BatchError {
            .file(
                FileAccessError(
                    .collision, file: "\(jobsFile):\(record.line)", operation: "checking the outputs",
                    reason:
                        "row \(record.row) (id \(record["id"]?.items.first ?? "")), column '\(column)': '\(PathBytes.display(value))' \(why); a batch never reads what it writes: keep the output folder apart from the media"
                ))
        }
        func describe(_ writer: JobRecord) -> String { "row \(writer.row) (id \(writer["id"]?.items.first ?? ""))" }
        // Rows often share their media: each place is resolved once (a few system calls each).
        var places: [String: String] = [:]
        for record in records {
            for column in ["media", "music", "voice"] {
                for item in record[column]?.items ?? [] where !item.isEmpty {
                    let path = item.hasPrefix("/") ? item : BatchNames.join(jobsFolder, item)
                    // A glob of names in one folder (`clips/*.mp4`) reads that folder's files; one
                    // with a wildcard in a folder's name, anything beneath its literal part.
                    let glob = MediaGlob.isGlob(path)
                    let flat = glob && !MediaGlob.isGlob(PathText.folder(of: path))
                    let literal = !glob ? path : flat ? PathText.folder(of: path) : Self.literalFolder(of: path)
                    let place = places[literal] ?? PathText.resolvedLocation(PathText.linkTarget(literal))
                    places[literal] = place
                    if place == root || (!flat && root.hasPrefix(place == "/" ? "/" : place + "/")) {
                        throw refuse(
                            record, column, item,
                            place == root
                                ? "is the output folder \(PathBytes.display(outputFolder))"
                                : "holds the output folder \(PathBytes.display(outputFolder))")
                    }
                    if let writer = outputs[place] { throw refuse(record, column, item, "is the output of \(describe(writer))") }
                    if let writer = holders[place] { throw refuse(record, column, item, "holds the output of \(describe(writer))") }
                }
            }
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
