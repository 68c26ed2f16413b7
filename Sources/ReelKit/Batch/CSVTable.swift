/// A CSV text read by the rules of RFC 4180: fields separated by commas, records by line breaks
/// (CRLF, LF or CR), a field in double quotes may hold commas, line breaks and doubled quotes.
///
/// Spreadsheets write exactly this, often with a UTF-8 byte order mark first, which is dropped.
/// Anything else (a quote inside an unquoted field, text after a closing quote, a quote never
/// closed) is an error at its line and column rather than a guess, so a row is never read with
/// its fields shifted. Blank lines are skipped.
public struct CSVTable: Sendable, Equatable {
    /// One record: its fields, and the line it starts on (1-based), for messages.
    public struct Record: Sendable, Equatable {
        /// Line the record starts on, 1-based; a quoted field may carry it over several lines.
        public let line: Int
        /// The record's fields in order, their quotes removed.
        public let fields: [String]
    }

    /// The records in order, the header (when there is one) first.
    public let records: [Record]

    /// Parses `bytes` (UTF-8).
    public init(bytes: [UInt8]) throws(CSVSyntaxError) {
        var rows = try CSVRows(bytes: bytes)
        var out: [Record] = []
        while let record = try rows.next() { out.append(record) }
        records = out
    }

    /// Parses `text`.
    public init(text: String) throws(CSVSyntaxError) {
        try self.init(bytes: Array(text.utf8))
    }
}

/// A CSV text that breaks RFC 4180, and where (line and column, 1-based, in characters).
public struct CSVSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Line of the fault, 1-based.
    public let line: Int
    /// Column of the fault, 1-based, in characters (not bytes).
    public let column: Int
    /// What is wrong there, in words.
    public let message: String

    public var description: String { "\(line):\(column): \(message)" }
}

/// The records of a CSV text one at a time, for a file too large to hold as records: only the
/// bytes are held, each record is made when asked for.
struct CSVRows {
    private var parser: Parser

    /// Checks that `bytes` are UTF-8 (a byte order mark first is dropped) before any record is read.
    init(bytes: [UInt8]) throws(CSVSyntaxError) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break decoding
            case .error: throw CSVSyntaxError(line: 1, column: 1, message: "the file is not UTF-8 text")
            }
        }
        parser = Parser(bytes: bytes, start: start)
    }

    /// The next record, or nil at the end; blank lines are skipped.
    mutating func next() throws(CSVSyntaxError) -> CSVTable.Record? { try parser.next() }
}

private struct Parser {
    let bytes: [UInt8]
    var i: Int
    var line = 1
    /// Where the current line starts, for columns.
    var lineStart = 0

    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        i = start
        lineStart = start
    }

    /// The column of byte `at` on the current line, counted in characters (UTF-8 lead bytes).
    func column(_ at: Int) -> Int {
        bytes[lineStart..<at].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// Consumes a line break at `i`, if there is one; true when it did.
    mutating func lineBreak() -> Bool {
        guard i < bytes.count, bytes[i] == Self.cr || bytes[i] == Self.lf else { return false }
        if bytes[i] == Self.cr, i + 1 < bytes.count, bytes[i + 1] == Self.lf { i += 1 }
        i += 1
        line += 1
        lineStart = i
        return true
    }

    mutating func next() throws(CSVSyntaxError) -> CSVTable.Record? {
        while i < bytes.count {
            let start = line
            var fields: [String] = []
            while true {
                fields.append(try field())
                if i < bytes.count, bytes[i] == Self.comma {
                    i += 1
                    continue
                }
                _ = lineBreak()
                break
            }
            if fields != [""] { return CSVTable.Record(line: start, fields: fields) }
        }
        return nil
    }

    /// One field, up to (not including) the comma or line break that ends it.
    mutating func field() throws(CSVSyntaxError) -> String {
        guard i < bytes.count, bytes[i] == Self.quote else {
            let start = i
            while i < bytes.count, bytes[i] != Self.comma, bytes[i] != Self.cr, bytes[i] != Self.lf {
                if bytes[i] == Self.quote {
                    throw CSVSyntaxError(
                        line: line, column: column(i),
                        message: "a quote inside a field that does not start with one (quote the whole field and double the quote)")
                }
                i += 1
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        let (openLine, openColumn) = (line, column(i))
        i += 1
        var value: [UInt8] = []
        while true {
            guard i < bytes.count else { throw CSVSyntaxError(line: openLine, column: openColumn, message: "the quote opened here is never closed") }
            let b = bytes[i]
            if b == Self.quote {
                if i + 1 < bytes.count, bytes[i + 1] == Self.quote {
                    value.append(Self.quote)
                    i += 2
                    continue
                }
                i += 1
                break
            }
            if b == Self.cr || b == Self.lf {
                // A line break inside quotes is part of the value; it is kept as written.
                let from = i
                _ = lineBreak()
                value += bytes[from..<i]
                continue
            }
            value.append(b)
            i += 1
        }
        if i < bytes.count, bytes[i] != Self.comma, bytes[i] != Self.cr, bytes[i] != Self.lf {
            throw CSVSyntaxError(
                line: line, column: column(i), message: "text after the closing quote of a field (a comma or line break must follow it)")
        }
        return String(decoding: value, as: UTF8.self)
    }
}
