import CJSONC
import DocumentLimits

/// Reads JSON text with json-c into a `JSONDocument`, within size and depth limits.
///
/// json-c does the parsing (strict mode, UTF-8 validation, bounded depth) and reports syntax
/// errors as a byte offset, which becomes a line and column here. A scan of the accepted text then
/// records positions and exact number texts (see `JSONSourceMap`).
package enum JSONParser {
    /// Limits that keep an untrusted document from costing much memory or stack.
    public struct Limits: Sendable, Hashable {
        /// Largest text accepted, in bytes; checked before any parsing.
        package var maxBytes: Int
        /// Deepest nesting of objects and arrays, bounding json-c's recursion.
        package var maxDepth: Int

        /// The defaults are a template's limits (`Limits.maxFileSize`, `Limits.maxDepth`); timelines pass their larger size.
        package init(maxBytes: Int = 1 << 20, maxDepth: Int = 64) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    /// Parses `text` as its UTF-8 bytes; see `parse(bytes:limits:)`.
    package static func parse(_ text: String, limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONDocument {
        try parse(bytes: Array(text.utf8), limits: limits)
    }

    /// Parses UTF-8 `bytes`; throws a `JSONSyntaxError` with the position of the first problem.
    package static func parse(bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONDocument {
        guard bytes.count <= limits.maxBytes else {
            throw JSONSyntaxError(
                reason: .tooLarge(limit: limits.maxBytes),
                message: "larger than \(limits.maxBytes) bytes", position: nil)
        }
        let lines = LineTable(bytes)
        guard let tokener = json_tokener_new_ex(Int32(clamping: limits.maxDepth)) else {
            throw JSONSyntaxError(reason: .syntax, message: "out of memory", position: nil)
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)

        // The terminating NUL tells json-c that the input ends here, so that a top-level number
        // or literal completes instead of waiting for more.
        let terminated = bytes + [0]
        let root = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                json_tokener_parse_ex(tokener, chars.baseAddress, Int32(chars.count))
            }
        }
        defer { if let root { json_object_put(root) } }
        let error = json_tokener_get_error(tokener)
        let end = json_tokener_get_parse_end(tokener)
        if error != json_tokener_success || root == nil && !isNullDocument(bytes) {
            throw syntaxError(error, offset: end, bytes: bytes, lines: lines, maxDepth: limits.maxDepth)
        }
        let map = try JSONSourceMap(scanning: bytes)
        return JSONDocument(root: JSONTreeBuilder(sourceMap: map).value(root, at: .root), sourceMap: map)
    }

    private static func isNullDocument(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).trimmingJSONSpace == "null"
    }

    private static func syntaxError(
        _ error: json_tokener_error, offset: Int, bytes: [UInt8], lines: LineTable,
        maxDepth: Int
    ) -> JSONSyntaxError {
        let position = lines.position(ofOffset: offset)
        if error == json_tokener_error_depth {
            return JSONSyntaxError(
                reason: .tooDeep(limit: maxDepth),
                message: "objects and arrays nested deeper than \(maxDepth) levels", position: position)
        }
        var message = String(cString: json_tokener_error_desc(error))
        if offset < bytes.count, bytes[offset] >= 0x20, bytes[offset] < 0x7f, error != json_tokener_error_parse_eof {
            message += ", found '\(Character(Unicode.Scalar(bytes[offset])))'"
        }
        return JSONSyntaxError(reason: .syntax, message: message, position: position)
    }

    /// The value of the body of a JSON string (between its quotes); nil for a malformed escape.
    /// Lone surrogates become U+FFFD, as json-c makes them.
    static func unescape(_ body: [UInt8]) -> String? {
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = 0
        func hex4(at j: Int) -> UInt32? {
            guard j + 4 <= body.count else { return nil }
            return UInt32(String(decoding: body[j..<(j + 4)], as: UTF8.self), radix: 16)
        }
        while i < body.count {
            let b = body[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < body.count else { return nil }
            let e = body[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0c)
            case UInt8(ascii: "n"): out.append(0x0a)
            case UInt8(ascii: "r"): out.append(0x0d)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let high = hex4(at: i) else { return nil }
                i += 4
                var scalar = high
                if (0xd800..<0xdc00).contains(high), i + 6 <= body.count, body[i] == UInt8(ascii: "\\"),
                    body[i + 1] == UInt8(ascii: "u"), let low = hex4(at: i + 2), (0xdc00..<0xe000).contains(low)
                {
                    scalar = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
                    i += 6
                }
                let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(value)).utf8))
            default:
                return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// The string without JSON whitespace (space, tab, newline, carriage return) at either end.
    package var trimmingJSONSpace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let start = firstIndex(where: { !isSpace($0) }) ?? endIndex
        let end = lastIndex(where: { !isSpace($0) }).map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
