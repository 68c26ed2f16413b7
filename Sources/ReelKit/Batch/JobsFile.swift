import DocumentJSON
import FileAccess

/// Reads a jobs file, CSV (`.csv`) or JSON Lines (`.jsonl`, `.ndjson`), into its rows, and checks
/// what concerns the file as a whole: syntax, column names, every row's `id`, unique ids.
///
/// CSV: a header row names the columns; a `media` cell lists files, folders or globs separated by
/// `;`. JSONL: one object per line; `media` is an array (or one string), texts are `text.<key>`
/// keys or a `text` object. In both, an option column is named as `make`'s option (`quality`).
public enum JobsFile {
    /// Larger jobs files are refused: a million rows of a few hundred bytes fit.
    public static let maxBytes = 256 << 20

    /// The columns a row may have besides `text.<key>`.
    public static let columns = ["id", "template", "media", "output"] + MakeOptionText.names + ["music", "music-start", "voice"]

    /// The rows of the file at `path`, or every problem of the file.
    public static func read(_ path: String) throws(JobsFileError) -> [JobRecord] {
        var records: [JobRecord] = []
        try scan(path) { records.append($0) }
        return records
    }

    /// Hands each row of the file at `path` to `visit` as it is read, in order, holding only the
    /// file's bytes and the ids seen (for the unique-id check), never the rows. Then throws every
    /// problem of the file, if any: what `visit` gathered counts only when this returns, and once
    /// a problem is found, no more rows are handed on (they would be refused with the file).
    static func scan(_ path: String, _ visit: (JobRecord) -> Void) throws(JobsFileError) {
        let bytes: [UInt8]
        do { bytes = try ReadableFile(path: path, operation: "reading the jobs file").readAll(limit: maxBytes) } catch {
            throw JobsFileError(file: path, problems: [.init(line: nil, message: "\(error.operation): \(error.reason)")])
        }
        let ext = PathText.name(of: path).split(separator: ".").last.map { $0.lowercased() } ?? ""
        var check = RowsCheck()
        let problems: [JobsFileError.Problem]
        func each(_ record: JobRecord, clean: Bool) {
            check.add(record)
            if clean && check.problems.isEmpty { visit(record) }
        }
        switch ext {
        case "csv": problems = try csv(bytes, file: path, each)
        case "jsonl", "ndjson": problems = jsonLines(bytes, file: path, each)
        default:
            throw JobsFileError(file: path, problems: [.init(line: nil, message: "a jobs file is .csv or .jsonl (JSON Lines), not .\(ext)")])
        }
        let all = (problems + check.finish()).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        if !all.isEmpty { throw JobsFileError(file: path, problems: all) }
    }

    /// Hands each row of a CSV text to `visit`, with whether the text had no problem until then,
    /// and returns the problems of its header and rows;
    /// a syntax error is thrown, since nothing after it can be read.
    static func csv(_ bytes: [UInt8], file: String, _ visit: (JobRecord, _ clean: Bool) -> Void) throws(JobsFileError) -> [JobsFileError.Problem] {
        func syntax(_ error: CSVSyntaxError) -> JobsFileError {
            JobsFileError(file: file, problems: [.init(line: error.line, place: "column \(error.column)", message: error.message)])
        }
        var table: CSVRows
        do { table = try CSVRows(bytes: bytes) } catch { throw syntax(error) }
        let first: CSVTable.Record?
        do { first = try table.next() } catch { throw syntax(error) }
        guard let header = first else { throw JobsFileError(file: file, problems: [.init(line: nil, message: "the file is empty")]) }
        let names = header.fields.map { $0.trimmingEnds(of: " \t") }
        var problems: [JobsFileError.Problem] = []
        var seen = Set<String>()
        for name in names {
            if let p = columnProblem(name, line: header.line, word: "column") { problems.append(p) }
            if !seen.insert(name).inserted { problems.append(.init(line: header.line, place: "column '\(name)'", message: "named twice")) }
        }
        var n = 0
        while true {
            let next: CSVTable.Record?
            do { next = try table.next() } catch { throw syntax(error) }
            guard let record = next else { break }
            n += 1
            guard record.fields.count == names.count else {
                problems.append(
                    .init(line: record.line, message: "row \(n) has \(record.fields.count) fields, the header \(names.count)"))
                continue
            }
            var values: [(name: String, value: JobRecord.Value)] = []
            for (name, field) in zip(names, record.fields) where !field.isEmpty {
                if name == "media" {
                    let items = field.split(separator: ";").map { String($0).trimmingEnds(of: " \t") }.filter { !$0.isEmpty }
                    values.append((name, .list(items)))
                } else {
                    values.append((name, .text(field)))
                }
            }
            visit(JobRecord(row: n, line: record.line, values: values), problems.isEmpty)
        }
        return problems
    }

    /// Hands each row of a JSON Lines text (one object a line, blank lines skipped) to `visit`,
    /// with whether the text had no problem until then, and returns the problems of its rows.
    static func jsonLines(_ bytes: [UInt8], file: String, _ visit: (JobRecord, _ clean: Bool) -> Void) -> [JobsFileError.Problem] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var problems: [JobsFileError.Problem] = []
        var rows = 0
        var line = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            line += 1
            var text = Array(bytes[start..<end])
            if text.last == UInt8(ascii: "\r") { text.removeLast() }
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let document: JSONDocument
            do { document = try JSONParser.parse(bytes: text) } catch {
                problems.append(.init(line: line, place: error.position.map { "column \($0.column)" }, message: error.message))
                continue
            }
            guard let object = document.root.objectValue else {
                problems.append(.init(line: line, message: "expected a JSON object, found \(document.root.typeName)"))
                continue
            }
            var values: [(name: String, value: JobRecord.Value)] = []
            for member in object.members {
                if member.key == "text", let texts = member.value.objectValue {
                    for t in texts.members {
                        guard let s = t.value.stringValue else {
                            problems.append(.init(line: line, place: "key 'text.\(t.key)'", message: "expected a string, found \(t.value.typeName)"))
                            continue
                        }
                        values.append(("text." + t.key, .text(s)))
                    }
                    continue
                }
                switch member.value {
                case .null: continue
                case .string(let s): values.append((member.key, member.key == "media" ? .list([s]) : .text(s)))
                case .number(let n): values.append((member.key, .text(n.text)))
                case .bool(let b): values.append((member.key, .text(b ? "true" : "false")))
                case .array(let items) where member.key == "media":
                    let strings = items.compactMap(\.stringValue)
                    guard strings.count == items.count else {
                        problems.append(.init(line: line, place: "key 'media'", message: "expected an array of strings (paths, folders or globs)"))
                        continue
                    }
                    values.append((member.key, .list(strings)))
                case let other:
                    problems.append(
                        .init(line: line, place: "key '\(member.key)'", message: "expected a string, number or boolean, found \(other.typeName)"))
                }
            }
            for v in values { if let p = columnProblem(v.name, line: line, word: "key") { problems.append(p) } }
            rows += 1
            visit(JobRecord(row: rows, line: line, values: values), problems.isEmpty)
        }
        return problems
    }

    /// A problem when `name` is no column of a jobs file.
    static func columnProblem(_ name: String, line: Int, word: String) -> JobsFileError.Problem? {
        if columns.contains(name) { return nil }
        if name.hasPrefix("text."), name.count > 5 { return nil }
        return .init(
            line: line, place: "\(word) '\(name)'",
            message: "unknown \(word); the \(word)s are \(columns.joined(separator: ", ")) and text.<key> for each text of the template")
    }

    /// The columns that name files. A NUL byte in one is an error of the file: the system would cut
    /// the name there, so two different outputs could be one file, or a video land on the manifest.
    static let pathColumns = ["template", "media", "output", "music", "voice"]

    /// Problems every row shares: an `id` (unique, usable in a file name) in each, no NUL byte in
    /// a path. Rows are added one at a time; only the ids seen are kept.
    struct RowsCheck {
        private(set) var problems: [JobsFileError.Problem] = []
        private var ids = NameTable()
        /// The row of each id, by the id's number.
        private var rowOfId: [Int] = []
        private var rows = 0

        mutating func add(_ record: JobRecord) {
            rows += 1
            guard case .text(let id)? = record["id"] else {
                problems.append(.init(line: record.line, place: "row \(record.row)", message: "has no id"))
                return
            }
            if let reason = BatchNames.idProblem(id) {
                problems.append(.init(line: record.line, place: "row \(record.row), column 'id'", message: reason))
            }
            for column in JobsFile.pathColumns {
                for item in record[column]?.items ?? [] where PathBytes.holdsNUL(item) {
                    problems.append(
                        .init(line: record.line, place: "row \(record.row) (id \(id)), column '\(column)'", message: PathBytes.nulReason))
                }
            }
            let (index, added) = ids.insert(id)
            if added {
                rowOfId.append(record.row)
            } else {
                problems.append(
                    .init(line: record.line, place: "row \(record.row), column 'id'", message: "'\(id)' is the id of row \(rowOfId[index]) too"))
            }
        }

        /// The problems of all the rows added, with the file's own when it has none.
        func finish() -> [JobsFileError.Problem] {
            rows == 0 ? problems + [.init(line: nil, message: "the file has no rows")] : problems
        }
    }
}

extension String {
    /// Without the characters of `set` at either end.
    func trimmingEnds(of set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
