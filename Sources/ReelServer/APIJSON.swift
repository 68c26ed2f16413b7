import DocumentJSON
import Foundation

/// Small builders for the API's JSON, so handlers read as the documents they answer.
enum APIJSON {
    static func int(_ n: Int) -> JSONValue { .number(JSONNumber(n)) }
    static func int64(_ n: Int64) -> JSONValue { .number(JSONNumber(Int(n))) }
    /// A finite number; nil (JSON null) for NaN or infinity, which JSON cannot hold.
    static func double(_ x: Double) -> JSONValue { JSONNumber(x).map(JSONValue.number) ?? .null }
    static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }

    /// Milliseconds since 1970 as RFC 3339 UTC text with milliseconds: `2026-12-02T10:37:49.123Z`.
    static func time(_ ms: Int64) -> JSONValue {
        // The C library's calendar (gmtime_r), not a formatter made per call: a page of a thousand
        // jobs writes four thousand times.
        var seconds = time_t(ms / 1000)
        var t = tm()
        gmtime_r(&seconds, &t)
        return .string(
            String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(t.tm_year) + 1900, Int(t.tm_mon) + 1, Int(t.tm_mday), Int(t.tm_hour),
                Int(t.tm_min), Int(t.tm_sec), Int(ms % 1000)))
    }

    /// True for an `http` or `https` URL, the only webhooks taken.
    static func isWebhookURL(_ text: String) -> Bool { text.hasPrefix("http://") || text.hasPrefix("https://") }

    /// Parses a request body as a JSON object; the API's error when it is not one.
    static func object(_ bytes: [UInt8]) throws(APIError) -> JSONObject {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes: bytes) } catch {
            throw APIError(400, "invalid_json", "the body is not JSON: \(error.message)")
        }
        guard let object = document.root.objectValue else { throw APIError(400, "invalid_json", "the body is not a JSON object") }
        return object
    }

    /// A JSON text the server wrote itself (a job's progress or result), as a value.
    static func stored(_ text: String?) -> JSONValue? {
        guard let text, let document = try? JSONParser.parse(text) else { return nil }
        return document.root
    }
}
