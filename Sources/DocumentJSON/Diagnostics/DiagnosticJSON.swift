/// Findings as JSON, for editors and CI (`reel validate --format json`).
extension Diagnostic {
    /// `{"severity", "code", "meaning", "message", "file", "line", "column", "path", "notes"}`;
    /// `path` is the JSON Pointer of the value, absent keys are omitted.
    package var jsonValue: JSONValue {
        var object = JSONObject()
        object["severity"] = .string(severity.rawValue)
        object["code"] = .string(code.rawValue)
        object["meaning"] = .string(code.meaning)
        object["message"] = .string(message)
        if let file = location.file { object["file"] = .string(file) }
        if let line = location.line { object["line"] = .number(JSONNumber(line)) }
        if let column = location.column { object["column"] = .number(JSONNumber(column)) }
        if let path = location.path { object["path"] = .string(path.pointer) }
        object["notes"] = .array(notes.map(JSONValue.string))
        return .object(object)
    }
}
