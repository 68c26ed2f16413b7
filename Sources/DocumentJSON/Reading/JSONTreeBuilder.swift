import CJSONC

/// Copies a json-c object tree into a `JSONValue`, taking numbers' exact text from the source map.
///
/// json-c keeps the text of decimals but turns integers into 64-bit values (saturating those that
/// do not fit), so the scan's text is the one kept.
package struct JSONTreeBuilder {
    /// The scan of the same text, whose exact number texts replace json-c's converted numbers.
    package let sourceMap: JSONSourceMap

    /// The json-c `object` at `path` as a `JSONValue` (a nil object is JSON `null`); `path` finds its number text.
    package func value(_ object: OpaquePointer?, at path: JSONPath) -> JSONValue {
        guard let object else { return .null }
        let type = json_object_get_type(object)
        if type == json_type_boolean {
            return .bool(json_object_get_boolean(object) != 0)
        } else if type == json_type_int || type == json_type_double {
            let text = sourceMap.numberText(at: path) ?? String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN))
            return JSONNumber(text: text).map(JSONValue.number) ?? .null
        } else if type == json_type_string {
            let length = Int(json_object_get_string_len(object))
            guard let chars = json_object_get_string(object) else { return .string("") }
            let bytes = UnsafeRawBufferPointer(start: chars, count: length)
            return .string(String(decoding: bytes, as: UTF8.self))
        } else if type == json_type_array {
            let count = json_object_array_length(object)
            return .array((0..<count).map { value(json_object_array_get_idx(object, $0), at: path.appending($0)) })
        } else if type == json_type_object {
            var members: [JSONObject.Member] = []
            var it = json_object_iter_begin(object)
            var end = json_object_iter_end(object)
            while json_object_iter_equal(&it, &end) == 0 {
                if let name = json_object_iter_peek_name(&it) {
                    let key = String(cString: name)
                    members.append(.init(key: key, value: value(json_object_iter_peek_value(&it), at: path.appending(key))))
                }
                json_object_iter_next(&it)
            }
            return .object(JSONObject(uniqueMembers: members))
        }
        return .null
    }
}
