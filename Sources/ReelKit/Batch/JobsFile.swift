import FileAccess
import TemplateCore

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
        let bytes: [UInt8]
        do { bytes = try ReadableFile(path: path, operation: "reading the jobs file").readAll(limit: maxBytes) } catch {
            throw JobsFileError(file: path, problems: [.init(line: nil, message: "\(error.operation): \(error.reason)")])
        }
        let ext = PathText.name(of: path).split(separator: ".").last.map { $0.lowercased() } ?? ""
        let read: (records: [JobRecord], problems: [JobsFileError.Problem])
        switch ext {
        case "csv": read = try csv(bytes, file: path)
        case "jsonl", "ndjson": read = jsonLines(bytes, file: path)
        default:
            throw JobsFileError(file: path, problems: [.init(line: nil, message: "a jobs file is .csv or .jsonl (JSON Lines), not .\(ext)")])
        }
        let problems = (read.problems + check(read.records)).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
        if !problems.isEmpty { throw JobsFileError(file: path, problems: problems) }
        return read.records
    }

    /// The rows of a CSV text, and the problems of its header and rows; a syntax error is thrown,
    /// since nothing after it can be read.
    static func csv(_ bytes: [UInt8], file: String) throws(JobsFileError) -> (records: [JobRecord], problems: [JobsFileError.Problem]) {
        let table: CSVTable
        do { table = try CSVTable(bytes: bytes) } catch {
            throw JobsFileError(file: file, problems: [.init(line: error.line, place: "column \(error.column)", message: error.message)])
        }
        guard let header = table.records.first else { throw JobsFileError(file: file, problems: [.init(line: nil, message: "the file is empty")]) }
        let names = header.fields.map { $0.trimmingEnds(of: " \t") }
        var problems: [JobsFileError.Problem] = []
        var seen = Set<String>()
        for name in names {
            if let p = columnProblem(name, line: header.line, word: "column") { problems.append(p) }
            if !seen.insert(name).inserted { problems.append(.init(line: header.line, place: "column '\(name)'", message: "named twice")) }
        }
        var records: [JobRecord] = []
        for (n, record) in table.records.dropFirst().enumerated() {
            guard record.fields.count == names.count else {
                problems.append(
                    .init(line: record.line, message: "row \(n + 1) has \(record.fields.count) fields, the header \(names.count)"))
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
            records.append(JobRecord(row: n + 1, line: record.line, values: values))
        }
        return (records, problems)
    }

    /// The rows of a JSON Lines text (one object a line, blank lines skipped), and their problems.
    static func jsonLines(_ bytes: [UInt8], file: String) -> (records: [JobRecord], problems: [JobsFileError.Problem]) {
        var input = bytes[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        var problems: [JobsFileError.Problem] = []
        var records: [JobRecord] = []
        for (index, rawLine) in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            var text = Array(rawLine)
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
            records.append(JobRecord(row: records.count + 1, line: line, values: values))
        }
        return (records, problems)
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
    /// a path.
    static func check(_ records: [JobRecord]) -> [JobsFileError.Problem] {
        var problems: [JobsFileError.Problem] = []
        var ids: [String: Int] = [:]
        for record in records {
            guard case .text(let id)? = record["id"] else {
                problems.append(.init(line: record.line, place: "row \(record.row)", message: "has no id"))
                continue
            }
            if let reason = BatchNames.idProblem(id) {
                problems.append(.init(line: record.line, place: "row \(record.row), column 'id'", message: reason))
            }
            for column in pathColumns {
                for item in record[column]?.items ?? [] where PathBytes.holdsNUL(item) {
                    problems.append(
                        .init(line: record.line, place: "row \(record.row) (id \(id)), column '\(column)'", message: PathBytes.nulReason))
                }
            }
            if let first = ids[id] {
                problems.append(.init(line: record.line, place: "row \(record.row), column 'id'", message: "'\(id)' is the id of row \(first) too"))
            } else {
                ids[id] = record.row
            }
        }
        if records.isEmpty { problems.append(.init(line: nil, message: "the file has no rows")) }
        return problems
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
